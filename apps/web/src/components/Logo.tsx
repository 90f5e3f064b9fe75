import { Group, Text } from '@mantine/core';

/** The ink-drop mark; the word Inkwell beside it unless `markOnly`. */
export function Logo({ size = 32, markOnly = false }: { size?: number; markOnly?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="Inkwell">
        <defs>
          <linearGradient id="inkwell-drop" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#5c6ff0" />
            <stop offset="1" stopColor="#2b3a9e" />
          </linearGradient>
        </defs>
        <path d="M32 6C32 6 12 29 12 41a20 20 0 0 0 40 0C52 29 32 6 32 6z" fill="url(#inkwell-drop)" />
        <ellipse cx="24" cy="41" rx="4.5" ry="8" fill="#fff" opacity=".35" />
      </svg>
      {!markOnly && (
        <Text
          component="span"
          fw={800}
          fz={size * 0.62}
          lh={1}
          c="var(--inkwell-wordmark)"
          style={{ letterSpacing: -0.5 }}
        >
          Inkwell
        </Text>
      )}
    </Group>
  );
}
