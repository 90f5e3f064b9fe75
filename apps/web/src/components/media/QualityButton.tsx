import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityChoice } from './QualityMenu';

const loadMenu = () => import('./QualityMenu');
// The menu comes when first opened (asked for as the pointer or focus reaches the button): a player that is
// only watched never downloads it.
const QualityMenu = lazy(async () => ({ default: (await loadMenu()).QualityMenu }));

/**
 * The rendition on screen, alone ("144p": the same in every language, and short enough for a phone's bar in
 * Burmese); where hls.js plays, a button that opens the choice of renditions. 44 px square at least, a touch target.
 */
export function QualityButton({
  quality,
  open,
  onOpenChange,
  bounds,
}: {
  quality: QualityChoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The player: the menu stays inside it (full screen shows nothing else). */
  bounds: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const [room, setRoom] = useState({ above: 0, all: 0 });
  if (quality.renditions.length === 0) {
    return (
      <Text size="xs" c="white" style={{ whiteSpace: 'nowrap' }} data-testid="video-quality" title={quality.label}>
        <span aria-hidden="true">{quality.rendition}</span>
        <VisuallyHidden>{quality.label}</VisuallyHidden>
      </Text>
    );
  }

  const toggle = () => {
    if (!open) {
      // Measured as it opens: the menu fits above the bar where the picture is tall enough, over it where not.
      const box = bounds.current?.getBoundingClientRect();
      const bar = button.current?.parentElement?.getBoundingClientRect();
      if (box && bar) setRoom({ above: bar.top - box.top - 8, all: box.height - 16 });
    }
    onOpenChange(!open);
  };
  const close = (refocus: boolean) => {
    onOpenChange(false);
    if (refocus) button.current?.focus();
  };

  return (
    <>
      <UnstyledButton
        ref={button}
        id={buttonId}
        onClick={toggle}
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
            e.preventDefault();
            toggle();
          }
        }}
        onPointerEnter={() => void loadMenu().catch(() => undefined)}
        onFocus={() => void loadMenu().catch(() => undefined)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={quality.label}
        data-testid="video-quality"
        c="white"
        fz="xs"
        miw={44}
        h={44}
        style={{ whiteSpace: 'nowrap', textAlign: 'center', flexShrink: 0 }}
      >
        <span aria-hidden="true">{quality.rendition}</span>
        <VisuallyHidden>{t('media.quality_menu', { quality: quality.label })}</VisuallyHidden>
      </UnstyledButton>
      {open && (
        <Suspense fallback={null}>
          <QualityMenu
            id={menuId}
            labelledBy={buttonId}
            anchor={button}
            room={room}
            quality={quality}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
