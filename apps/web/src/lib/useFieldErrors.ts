import { useEffect, useRef, useState } from 'react';

/** The errors left once `changed` fields were edited: a field's own key and its nested ones (`photos.0.url`). */
export function withoutFields(errors: Record<string, string>, changed: string[]): Record<string, string> {
  const kept = Object.entries(errors).filter(
    ([key]) => !changed.some((field) => key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`)),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/**
 * Server field errors for a form kept in plain state: a field's error goes as soon as its value changes, so a
 * fixed field does not stay red until the next submit (Mantine forms do the same through useServerForm).
 */
export function useFieldErrors<T extends object>(values: T) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const previous = useRef(values);
  useEffect(() => {
    const before = previous.current as Record<string, unknown>;
    previous.current = values;
    const after = values as Record<string, unknown>;
    const changed = Object.keys(after).filter((key) => !Object.is(before[key], after[key]));
    if (changed.length > 0) setErrors((current) => withoutFields(current, changed));
  }, [values]);
  return [errors, setErrors] as const;
}
