import { imageInfo } from '@inkwell/contracts';
import { Button, Image, getRadius, type ImageProps } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { imageAttributes } from '../lib/images';
import a11y from './a11y.module.css';

/** ResponsiveImage's props (here, where both can read them without importing each other). */
export type ResponsiveImageProps = Omit<ImageProps, 'src' | 'style'> & {
  url: string;
  alt: string;
  sizes?: string;
  priority?: boolean;
  style?: CSSProperties;
};

/** Whether an element's box shows at least in part in the viewport as it is now. */
function inView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top < window.innerHeight && bottom >= 0;
}

/**
 * An image under data saver (ResponsiveImage loads this only then): the smallest copy alone, and an image out of
 * view when it appears is not asked for at all until the reader taps its box. No `<img>` is rendered before then,
 * since even a lazy one is fetched as the reader scrolls past it. The box keeps the image's own place (its
 * style, else its shape from the URL), so nothing moves when it loads.
 */
export function SavingImage({ url, alt, sizes, style, radius, ...props }: ResponsiveImageProps) {
  const { t } = useTranslation();
  // Decided once, as the image appears: one the reader scrolls towards later stays behind its button.
  const [view, setView] = useState<'image' | 'held' | 'tapped'>('held');
  const box = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);

  // Before the first paint, so an image on the first screen never flashes its button.
  useLayoutEffect(() => {
    if (box.current && inView(box.current)) setView('image');
  }, []);

  // The button is gone: focus goes to the picture it brought, not back to the top of the page.
  useEffect(() => {
    if (view === 'tapped') image.current?.focus();
  }, [view]);

  if (view === 'held') {
    const info = imageInfo(url);
    return (
      <div
        ref={box}
        data-testid="tap-to-load"
        style={{
          width: '100%',
          aspectRatio: info ? `${info.width} / ${info.height}` : '4 / 3',
          ...style,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 'var(--mantine-spacing-xs)',
          boxSizing: 'border-box',
          borderRadius: radius === undefined ? undefined : getRadius(radius),
          background: 'var(--mantine-color-gray-light)',
        }}
      >
        {/* What the picture is, for a screen reader, before it is loaded. */}
        {alt && <span className={a11y.hidden}>{alt}</span>}
        <Button variant="default" onClick={() => setView('tapped')}>
          {t('data_saver.tap_to_load')}
        </Button>
      </div>
    );
  }
  return (
    <Image
      ref={image}
      {...imageAttributes(url, { sizes: sizes!, dataSaver: true })}
      alt={alt}
      radius={radius}
      tabIndex={view === 'tapped' ? -1 : undefined}
      style={{ height: 'auto', ...style }}
      {...props}
    />
  );
}
