/** Business constants and limits from the product spec (user-facing §9, admin §9). */

export const PRODUCT_NAME = 'Inkwell';

export const LOCALES = ['en', 'my', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const ALERT_DURATION_MS = 2000;
export const TOAST_DURATION_MS = 2000;
export const PAYMENT_CONFIRMATION_WAIT_MS = 3000;
export const REQUEST_TIMEOUT_MS = 30_000;

export const STATUS_MAX_LENGTH = 250;
export const DESCRIPTION_MAX_LENGTH = 250;
export const EXCERPT_WORDS = 50;
export const COMMENT_MAX_DEPTH = 3;

export const AUDIO_POLL_MS = 8000;
export const VIDEO_POLL_MS = 20_000;
export const VIDEO_CONTROLS_IDLE_MS = 5000;

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Deepest page a list answers: offset paging costs its offset, so a client may not ask for more. */
export const MAX_PAGE = 1000;

export const NAME_MAX_LENGTH = 100;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DEVICE_NAME_MAX_LENGTH = 100;

/** The device name the web client signs in with (the spec's fixed value, renamed for this product). */
export const WEB_DEVICE_NAME = 'Inkwell Web';

export const ACTIVATION_TOKEN_TTL_HOURS = 24;
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 60;
/** A sign-in token unused this long signs the device out. */
export const ACCESS_TOKEN_IDLE_DAYS = 30;
/** A sign-in token signs the device out this long after the sign-in, however much it is used. */
export const ACCESS_TOKEN_MAX_AGE_DAYS = 365;
/**
 * The web app's sign-in token again, as a cookie sent only with the documents the server renders for the
 * signed-in reader (one cookie per path, `SameSite=Strict`): the server never reads it for the API.
 */
export const RENDER_COOKIE = 'inkwell.render';
export const RENDER_COOKIE_PATHS = ['/home', '/a', '/posts', '/chats', '/explore', '/compose', '/admin'] as const;
/**
 * Data saver as this device has it (`on` or `off`), for the server: a page it draws carries every image's
 * copies, so a reader saving data gets the plain page and the app draws it with the smallest copies. A browser's
 * own `Save-Data: on` header counts the same until the reader chooses.
 */
export const DATA_SAVER_COOKIE = 'inkwell.datasaver';

export const ALERT_TYPES = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Chat (user-facing §5, §9). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The first message of a new group chat. */
export const GROUP_CHAT_GREETING = 'hi';
/** People in one chat besides the one who starts it. */
export const CHAT_MAX_INVITEES = 50;
/** Messages per page of a chat room, newest page first. */
export const CHAT_PAGE_SIZE = 30;
