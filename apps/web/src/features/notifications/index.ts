/* The notifications feature's door: the home screen's prompt to allow notifications, never a page. */
export { AllowNotificationsPrompt } from './AllowNotificationsPrompt';
