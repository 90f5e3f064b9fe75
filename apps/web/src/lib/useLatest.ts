import { useEffect, useRef } from 'react';

/**
 * The latest value of a prop, for code that runs after an await or in a long-lived listener: an upload that
 * finishes calls the `onChange` of now, not the one captured when the file was picked.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
