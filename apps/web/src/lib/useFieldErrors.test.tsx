import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useServerForm } from './useServerForm';
import { useFieldErrors, withoutFields } from './useFieldErrors';

describe('withoutFields', () => {
  it('drops a changed field’s error and its nested ones, keeps the rest', () => {
    const errors = { title: 'a', 'photos.0.url': 'b', 'photos[1]': 'c', content: 'd', photoset: 'e' };
    expect(withoutFields(errors, ['photos', 'title'])).toEqual({ content: 'd', photoset: 'e' });
  });
  it('returns the same object when nothing changes (no re-render)', () => {
    const errors = { title: 'a' };
    expect(withoutFields(errors, ['content'])).toBe(errors);
  });
});

describe('useFieldErrors', () => {
  it('clears the error of the field whose value changed', () => {
    const { result, rerender } = renderHook(({ values }) => useFieldErrors(values), {
      initialProps: { values: { title: '', content: '' } },
    });
    act(() => result.current[1]({ title: 'Required.', content: 'Too short.' }));
    rerender({ values: { title: 'Hello', content: '' } });
    expect(result.current[0]).toEqual({ content: 'Too short.' });
  });
});

describe('useServerForm', () => {
  it('a server error under a field goes when the field changes', () => {
    const { result } = renderHook(() => useServerForm({ email: '', password: '' }));
    act(() => result.current.setErrors({ email: 'Taken.', password: 'Too short.' }));
    act(() => {
      result.current.getInputProps('email').onChange('new@example.test');
    });
    expect(result.current.errors).toEqual({ password: 'Too short.' });
  });
});
