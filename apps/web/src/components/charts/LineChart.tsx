// The charts library (recharts under Mantine's charts, ~95 KB brotli) and its styles, in a chunk of their own
// that LazyLineChart loads when a chart comes into view.
import '@mantine/charts/styles.css';

export { LineChart } from '@mantine/charts';
