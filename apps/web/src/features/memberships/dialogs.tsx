import { PassDialog, type PassOffer } from './PassDialog';
import { PaymentNotice } from './PaymentOutcome';
import { TipDialog, type TipAccount } from './TipDialog';

/** Which dialog of the account page to draw (they load with the first one asked for: LazyDialog.tsx). */
export type MembershipDialogProps =
  | { dialog: 'pass'; offer: PassOffer; onClose: () => void }
  | { dialog: 'tip'; account: TipAccount; onClose: () => void }
  | { dialog: 'payment'; paymentId: number; accountName: string; onDone: () => void };

export function MembershipDialog(props: MembershipDialogProps) {
  switch (props.dialog) {
    case 'pass':
      return <PassDialog offer={props.offer} onClose={props.onClose} />;
    case 'tip':
      return <TipDialog account={props.account} onClose={props.onClose} />;
    case 'payment':
      return <PaymentNotice paymentId={props.paymentId} accountName={props.accountName} onDone={props.onDone} />;
  }
}
