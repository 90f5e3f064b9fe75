import { publishingApi } from '@inkwell/contracts';
import { call } from '../../api/client';

/**
 * Publishes a draft now, or (with `publishAt`) schedules it. Loaded when the composer's Publish or Schedule is
 * pressed: the composer's first visit has no room left for the publishing contract.
 */
export const publishDraft = (id: number, publishAt?: string) =>
  call(publishingApi.publish, { params: { id }, body: publishAt ? { publish_at: publishAt } : {} });
