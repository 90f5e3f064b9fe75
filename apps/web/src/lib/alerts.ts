import { ALERT_DURATION_MS, type AlertType } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';

/** The spec's eight alert types on Mantine colours (DECISIONS.md, Look and feel). */
const colors: Record<AlertType, string> = {
  primary: 'indigo',
  secondary: 'gray',
  success: 'green',
  danger: 'red',
  warning: 'yellow',
  info: 'blue',
  light: 'gray.3',
  dark: 'dark',
};

export function alert(type: AlertType, message: string, title?: string): void {
  notifications.show({
    color: colors[type],
    title,
    message,
    autoClose: ALERT_DURATION_MS,
    withBorder: type === 'light',
  });
}
