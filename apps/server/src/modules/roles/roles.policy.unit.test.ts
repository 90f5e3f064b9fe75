import { describe, expect, it } from 'vitest';
import { roleEditRefusal, type RoleChange, type RoleEditor, type RoleFacts } from './roles.policy';

/*
 * Permission ids: 1 and 2 are what the narrow editor holds, 3 one they lack. Role ids as seeded (1 root,
 * 2 admin, 3 user), 10 the narrow editor's own role, 20 and 21 custom roles.
 */
const LACKED = 3;

const EDITORS = {
  // Root's held set is left empty on purpose: root holds everything by name.
  root: { role_id: 1, role_name: 'root', held: new Set<number>() },
  narrow: { role_id: 10, role_name: 'keeper', held: new Set([1, 2]) },
  // The seeded admin role, holding everything.
  admin: { role_id: 2, role_name: 'admin', held: new Set([1, 2, 3]) },
} satisfies Record<string, RoleEditor>;

const ROLES = {
  root: { id: 1, name: 'root', permissions: [1, 2, 3] },
  admin: { id: 2, name: 'admin', permissions: [1, 2, 3] },
  user: { id: 3, name: 'user', permissions: [] },
  narrow_own: { id: 10, name: 'keeper', permissions: [1, 2] },
  held_only: { id: 20, name: 'editor', permissions: [1] },
  outranking: { id: 21, name: 'senior', permissions: [1, LACKED] },
} satisfies Record<string, RoleFacts>;

/** The columns: no change (the screen's `editable`), then a save adding or removing one permission. */
const CHANGES: (RoleChange | undefined)[] = [
  undefined,
  { added: [2], removed: [] },
  { added: [LACKED], removed: [] },
  { added: [], removed: [1] },
  { added: [], removed: [LACKED] },
];

const ok = null;
const ROOT = 'roles.root_locked';
const SYSTEM = 'roles.system_root_only';
const OWN = 'roles.own_role';
const OUTRANKED = 'roles.outranked';
const GRANT = 'roles.grant_not_held';
const REMOVE = 'roles.remove_not_held';

/*
 * Every editor × role × change, answers in CHANGES order: the screen, add held, add lacked, remove held,
 * remove lacked. A change a role cannot see (removing what it does not hold) is answered too: the rule must
 * not rely on the caller computing the change honestly.
 */
const TABLE: [keyof typeof EDITORS, keyof typeof ROLES, (string | null)[]][] = [
  ['root', 'root', [ROOT, ROOT, ROOT, ROOT, ROOT]],
  ['root', 'admin', [ok, ok, ok, ok, ok]],
  ['root', 'user', [ok, ok, ok, ok, ok]],
  ['root', 'narrow_own', [ok, ok, ok, ok, ok]],
  ['root', 'held_only', [ok, ok, ok, ok, ok]],
  ['root', 'outranking', [ok, ok, ok, ok, ok]],

  ['narrow', 'root', [ROOT, ROOT, ROOT, ROOT, ROOT]],
  ['narrow', 'admin', [SYSTEM, SYSTEM, SYSTEM, SYSTEM, SYSTEM]],
  ['narrow', 'user', [SYSTEM, SYSTEM, SYSTEM, SYSTEM, SYSTEM]],
  ['narrow', 'narrow_own', [OWN, OWN, OWN, OWN, OWN]],
  ['narrow', 'held_only', [ok, ok, GRANT, ok, REMOVE]],
  ['narrow', 'outranking', [OUTRANKED, OUTRANKED, GRANT, OUTRANKED, REMOVE]],

  // Holding everything does not open the seeded roles, its own included.
  ['admin', 'root', [ROOT, ROOT, ROOT, ROOT, ROOT]],
  ['admin', 'admin', [SYSTEM, SYSTEM, SYSTEM, SYSTEM, SYSTEM]],
  ['admin', 'user', [SYSTEM, SYSTEM, SYSTEM, SYSTEM, SYSTEM]],
  ['admin', 'narrow_own', [ok, ok, ok, ok, ok]],
  ['admin', 'held_only', [ok, ok, ok, ok, ok]],
  ['admin', 'outranking', [ok, ok, ok, ok, ok]],
];

const COLUMNS = ['screen', 'add held', 'add lacked', 'remove held', 'remove lacked'];
const cells = TABLE.flatMap(([editor, role, answers]) =>
  answers.map((expected, i) => ({ editor, role, change: COLUMNS[i]!, i, expected })),
);

describe('roleEditRefusal', () => {
  it('has a row for every editor × role', () => {
    expect(TABLE).toHaveLength(Object.keys(EDITORS).length * Object.keys(ROLES).length);
    expect(TABLE.every(([, , answers]) => answers.length === CHANGES.length)).toBe(true);
  });

  it.each(cells)('$editor editing $role ($change) → $expected', ({ editor, role, i, expected }) => {
    const change = CHANGES[i];
    const got = change
      ? roleEditRefusal(EDITORS[editor], ROLES[role], change)
      : roleEditRefusal(EDITORS[editor], ROLES[role]);
    expect(got).toBe(expected);
  });

  it('refuses a role holding a permission the editor lacks even when the save touches none', () => {
    const none = { added: [], removed: [] };
    expect(roleEditRefusal(EDITORS.narrow, ROLES.outranking, none)).toBe(OUTRANKED);
    expect(roleEditRefusal(EDITORS.narrow, ROLES.held_only, none)).toBe(ok);
  });
});
