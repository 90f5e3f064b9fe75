import type { LineChartProps } from '@mantine/charts';
import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const Chart = lazy(async () => ({ default: (await import('./LineChart')).LineChart }));

/** True once the element is within a screen's height of the viewport (and from then on). */
function useNearView<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * Mantine's LineChart, whose code loads when the chart nears the viewport: a chart below the first screen (the
 * admin dashboard's on a phone) costs a visit nothing until the reader scrolls to it. Until then its box holds
 * the chart's height, so nothing moves when it draws.
 */
export function LineChart(props: LineChartProps) {
  const [ref, near] = useNearView<HTMLDivElement>();
  const placeholder = (
    <Center h={props.h}>
      <Loader />
    </Center>
  );
  if (!near) return <Box ref={ref} h={props.h} />;
  return <Suspense fallback={placeholder}>{<Chart {...props} />}</Suspense>;
}
