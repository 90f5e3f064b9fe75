import type { Account, Membership, Tier } from '@inkwell/contracts';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { currentLocale } from '../../i18n';
import { formatDate } from '../../lib/billingFormat';
import { signInThenReturn } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useMyMemberships, useTiers } from './api';
import { LazyDialog } from './LazyDialog';
import type { PassOffer } from './PassDialog';
import { isLive } from './passes';
import { TierCard } from './TierCard';

/** The tier editor of an account, for the people who run it. */
export const tiersPath = (accountId: number) => `/accounts/${accountId}/tiers`;

type Open = { dialog: 'pass'; offer: PassOffer } | { dialog: 'tip' };

/** One column on a phone, two or more where they fit (a plain grid: SimpleGrid's styles are a file of their own). */
const TIER_GRID = {
  display: 'grid',
  gap: 'var(--mantine-spacing-md)',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
} as const;

/**
 * What a tier's card offers me: Join; my own tier's end and Renew; with a pass on another tier, Switch to this
 * tier (its price counts my days left), or why not (tiers in another currency wait for the pass to end).
 */
function TierAction({
  tier,
  pass,
  onJoin,
  onRenew,
  onMove,
}: {
  tier: Tier;
  pass: Membership | undefined;
  onJoin: () => void;
  onRenew: () => void;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  if (pass?.tier.id === tier.id) {
    return (
      <>
        <div>
          <Text fw={700} c="var(--mantine-primary-color-filled)">
            {t('memberships.your_tier')}
          </Text>
          {pass.expires_at && (
            <Text size="sm">
              {t(pass.status === 'grace' ? 'memberships.ended_on' : 'memberships.ends_on', {
                date: formatDate(pass.expires_at, currentLocale()),
              })}
            </Text>
          )}
        </div>
        <Button variant="light" onClick={onRenew}>
          {t('memberships.renew')}
        </Button>
      </>
    );
  }
  if (pass) {
    // A hidden tier takes nobody new, a move neither (its people see it, to manage it).
    if (tier.hidden) return null;
    return tier.move_price ? (
      <>
        <Text size="sm" c="dimmed">
          {t('memberships.move_hint', { tier: pass.tier.name })}
        </Text>
        <Button variant="light" onClick={onMove}>
          {t('memberships.move')}
        </Button>
      </>
    ) : (
      <Text size="sm" c="dimmed">
        {t('memberships.other_currency', { tier: pass.tier.name })}
      </Text>
    );
  }
  // A hidden tier takes no new members (its people see it, to manage it).
  return tier.hidden ? null : <Button onClick={onJoin}>{t('memberships.join')}</Button>;
}

/** For the people who run an account without tiers yet: what tiers are, and the way to set them up. */
function SetUpTiers({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" bg="var(--mantine-color-indigo-light)">
      <SectionHeading order={2} mb="sm" title={t('memberships.offer_title')}>
        {t('memberships.offer_body')}
      </SectionHeading>
      <Button component={Link} to={tiersPath(account.id)}>
        {t('memberships.set_up_tiers')}
      </Button>
    </Card>
  );
}

/**
 * An account's memberships on its page: its tiers as cards with Join (my tier with its end and Renew), a link to
 * the tier editor for its people, and the dialogs a link opens: `?join=<tier>` and `?support` after signing in,
 * `?payment=<id>` back from a wallet.
 */
export function MembershipSection({ account, own }: { account: Account; own: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const tiers = useTiers(account.id);
  const list = tiers.data?.data ?? [];
  const mine = useMyMemberships(Boolean(session) && list.length > 0);
  const pass = mine.data?.data.find((m) => m.account.id === account.id && isLive(m));
  const [open, setOpen] = useState<Open | null>(null);
  const paymentId = Number(params.get('payment')) || null;

  const forget = useCallback(
    (...keys: string[]) =>
      setParams(
        (current) => {
          keys.forEach((key) => current.delete(key));
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  const donePaying = useCallback(() => forget('payment'), [forget]);

  const offerOf = (tier: Tier, renew: Membership | undefined): PassOffer => ({
    purchase: renew ? { kind: 'renew', membershipId: renew.id } : { kind: 'join', tierId: tier.id },
    tierName: tier.name,
    accountName: account.name,
    prices: tier,
    cycle: renew?.billing_cycle,
  });
  // Moving goes through Join too: the server sees the pass on another tier and prices the move.
  const moveOf = (tier: Tier, from: Membership, price: NonNullable<Tier['move_price']>): PassOffer => ({
    ...offerOf(tier, undefined),
    cycle: from.billing_cycle,
    move: { fromTier: from.tier.name, endsAt: from.expires_at, price },
  });
  /** What my Join on this tier opens, with or without a pass; nothing for a tier that takes nobody now. */
  const offerFor = (tier: Tier): PassOffer | null => {
    if (pass?.tier.id === tier.id) return offerOf(tier, pass);
    if (tier.hidden) return null;
    if (!pass) return offerOf(tier, undefined);
    return tier.move_price ? moveOf(tier, pass, tier.move_price) : null;
  };
  const openOffer = (tier: Tier) => {
    const offer = offerFor(tier);
    if (offer) setOpen({ dialog: 'pass', offer });
  };
  const join = (tier: Tier) =>
    session ? openOffer(tier) : signInThenReturn(navigate, `/a/${account.username}?join=${tier.id}`);

  // Back from signing in, the dialog the guest asked for; closing it takes its question off the address.
  const payer = Boolean(session) && !own;
  const askedTier = payer && !mine.isPending ? list.find((x) => x.id === Number(params.get('join'))) : undefined;
  // A locked post's Join to read, for a member of a lower tier, opens the move to the post's tier.
  const askedOffer = askedTier && offerFor(askedTier);
  const asked: Open | null =
    payer && params.has('support') ? { dialog: 'tip' } : askedOffer ? { dialog: 'pass', offer: askedOffer } : null;
  const shown = open ?? asked;
  const close = () => {
    setOpen(null);
    if (asked) forget('join', 'support', 'post');
  };

  return (
    <>
      {list.length > 0 ? (
        <Stack component="section" gap="sm" aria-labelledby={headingId}>
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="h3" id={headingId}>
              {t('memberships.section_title')}
            </Title>
            {account.can_modify && (
              <Button component={Link} to={tiersPath(account.id)} variant="default" size="sm">
                {t('memberships.manage_tiers')}
              </Button>
            )}
          </Group>
          {!own && (
            <Text size="sm" c="dimmed">
              {t('memberships.section_intro', { name: account.name })}
            </Text>
          )}
          <Box style={TIER_GRID}>
            {list.map((tier) => (
              <TierCard
                key={tier.id}
                tier={tier}
                footer={
                  !own && (
                    <TierAction
                      tier={tier}
                      pass={pass}
                      onJoin={() => join(tier)}
                      onRenew={() => openOffer(tier)}
                      onMove={() => openOffer(tier)}
                    />
                  )
                }
              />
            ))}
          </Box>
        </Stack>
      ) : (
        tiers.data && account.can_modify && <SetUpTiers account={account} />
      )}
      {shown?.dialog === 'pass' && <LazyDialog dialog="pass" offer={shown.offer} onClose={close} />}
      {shown?.dialog === 'tip' && <LazyDialog dialog="tip" account={account} onClose={close} />}
      {paymentId && (
        <LazyDialog dialog="payment" paymentId={paymentId} accountName={account.name} onDone={donePaying} />
      )}
    </>
  );
}
