/** The account being created, kept across /create/account → /create/review (and a reload). */
export interface AccountDraft {
  organization_id: number;
  name: string;
  username: string;
  description: string;
  terms: boolean;
}

const KEY = 'inkwell.create.account';

export function readDraft(): AccountDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as AccountDraft) : null;
  } catch {
    return null;
  }
}

export const saveDraft = (draft: AccountDraft) => sessionStorage.setItem(KEY, JSON.stringify(draft));
export const clearDraft = () => sessionStorage.removeItem(KEY);
