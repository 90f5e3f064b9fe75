import { z } from 'zod';
import { dataOf } from './common';
import { endpoint } from './endpoint';

export const insightsApi = {
  usersTotal: endpoint({
    method: 'GET',
    path: '/insights/users/total',
    response: dataOf(z.number().int()),
    summary: 'How many people have an account (administrators)',
    tags: ['Administration'],
  }),
} as const;
