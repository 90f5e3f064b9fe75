/** `--name value` and `--flag` pairs after the command; positionals stay in `_`. */
export function parseArgs(argv: string[]): { _: string[]; [flag: string]: string | boolean | string[] } {
  const out: { _: string[]; [flag: string]: string | boolean | string[] } = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      out._.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) out[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) out[name] = argv[++i]!;
    else out[name] = true;
  }
  return out;
}

export const stringArg = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
