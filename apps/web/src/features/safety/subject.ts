import type { Account, Person } from '@inkwell/contracts';
import type { BlockTarget } from './api';

/** What a person's or an account's page offers to block or mute. */
export type SafetySubject = { kind: 'user'; person: Person } | { kind: 'account'; account: Account };

export const blockTargetOf = (subject: SafetySubject): BlockTarget =>
  subject.kind === 'user'
    ? { kind: 'user', id: subject.person.id, name: subject.person.name }
    : { kind: 'account', id: subject.account.id, name: subject.account.name };

export const isBlocked = (subject: SafetySubject): boolean =>
  subject.kind === 'user' ? subject.person.is_blocked : subject.account.is_blocked;
