import { useForm, type UseFormReturnType } from '@mantine/form';
import { ApiError, errorMessage, fieldErrors } from '../api/client';
import { alert } from './alerts';

/**
 * A Mantine form whose errors come from the server (the client checks nothing, spec §5): the message in
 * a danger alert, each field's errors under its input.
 */
export function useServerForm<T extends Record<string, unknown>>(initialValues: T): UseFormReturnType<T> {
  // A field fixed after a refused submit must not stay red until the next one.
  return useForm<T>({ mode: 'controlled', initialValues, clearInputErrorOnChange: true });
}

export function showServerErrors<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  mapField?: (field: string) => string[],
) {
  const errors = fieldErrors(error);
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    for (const target of mapField ? mapField(field) : [field]) mapped[target] = message;
  }
  form.setErrors(mapped);
  alert('danger', errorMessage(error));
  return error instanceof ApiError ? error : undefined;
}
