/** An envelope flying to an inbox: the register success illustration (decorative). */
export function InboxIllustration() {
  return (
    <svg width="168" height="128" viewBox="0 0 168 128" aria-hidden="true">
      <ellipse cx="84" cy="116" rx="60" ry="8" fill="var(--mantine-color-indigo-1)" />
      <rect x="30" y="34" width="108" height="72" rx="10" fill="var(--mantine-color-indigo-6)" />
      <path
        d="M30 44l54 36 54-36"
        fill="none"
        stroke="var(--mantine-color-indigo-1)"
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <rect
        x="46"
        y="14"
        width="76"
        height="46"
        rx="6"
        fill="#fff"
        stroke="var(--mantine-color-indigo-3)"
        strokeWidth="3"
      />
      <path d="M58 28h52M58 40h36" stroke="var(--mantine-color-indigo-3)" strokeWidth="5" strokeLinecap="round" />
      <circle cx="134" cy="30" r="14" fill="var(--mantine-color-teal-5)" />
      <path
        d="M127 30l5 5 9-10"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
