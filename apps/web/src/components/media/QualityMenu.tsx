import { UnstyledButton } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { renditionName, type VideoQuality } from './hlsSource';
import classes from './QualityMenu.module.css';

export interface QualityChoice {
  /** The rendition on screen ("360p"), shown on the button. */
  rendition: string;
  /** How it was chosen ("Auto · 360p"), for screen readers and on hover. */
  label: string;
  /** The heights to choose from, tallest first; none where the reader cannot choose (the browser's own HLS). */
  renditions: number[];
  choice: VideoQuality;
  dataSaver: boolean;
  onChoose: (quality: VideoQuality) => void;
}

/** A touch target's least side (WCAG 2.5.5), which each entry keeps. */
const ITEM_PX = 44;
const PADDING_PX = 4;

/**
 * The choice of rendition: "Auto" (hls.js's own choice, capped under data saver) and each rendition, tallest first,
 * the current one checked. A menu as WAI-ARIA's menu button pattern has it: arrows, Home and End move, Escape and a
 * choice close it and give focus back to the button, Tab and a tap elsewhere close it. Inside the player, so full
 * screen shows it; above the bar where the picture is tall enough, over it (scrolling if need be) where not.
 */
export function QualityMenu({
  id,
  labelledBy,
  anchor,
  room,
  quality,
  onClose,
}: {
  id: string;
  labelledBy: string;
  anchor: RefObject<HTMLButtonElement | null>;
  room: { above: number; all: number };
  quality: QualityChoice;
  onClose: (refocus: boolean) => void;
}) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const lowest = quality.renditions.at(-1);
  const items: { value: VideoQuality; label: string }[] = [
    {
      value: 'auto',
      // Under data saver "Auto" stays at the lowest rendition: the entry says so, as the bar does.
      label: quality.dataSaver ? t('media.quality_saver', { rendition: renditionName(lowest) ?? '' }) : t('media.auto'),
    },
    ...quality.renditions.map((height) => ({ value: height, label: `${height}p` })),
  ];
  const fitsAbove = items.length * ITEM_PX + 2 * PADDING_PX <= room.above;

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, []);

  useEffect(() => {
    const away = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [anchor, onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      entries[(move + entries.length) % entries.length]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      // The player's own handlers (and a full screen's exit) need not see it.
      e.stopPropagation();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      className={classes.menu}
      style={{
        bottom: fitsAbove ? '100%' : PADDING_PX * 2,
        maxHeight: fitsAbove ? undefined : Math.max(room.all, ITEM_PX + 2 * PADDING_PX),
        padding: PADDING_PX,
      }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const checked = item.value === quality.choice;
        return (
          <UnstyledButton
            key={item.value}
            role="menuitemradio"
            aria-checked={checked}
            tabIndex={-1}
            className={classes.item}
            mih={ITEM_PX}
            onClick={() => {
              quality.onChoose(item.value);
              onClose(true);
            }}
          >
            <span aria-hidden="true" className={classes.check}>
              {checked ? '✓' : ''}
            </span>
            {item.label}
          </UnstyledButton>
        );
      })}
    </div>
  );
}
