/**
 * Buying make-up minutes for a conversation (spec 3, Make-up purchase flow), driven by
 * makeUpMachine: the price is loaded, the student reviews it and pays by card (tokenised in the
 * browser), and the outcome says what was bought or what went wrong, with Try Again.
 */
import { useApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { AfterMessages } from '../../../../contracts/afterConversation';
import { Loading } from '../../components/Loading';
import { Outcome } from '../../components/enrollment/Outcome';
import { CardPaymentForm } from '../../components/payments/CardPaymentForm';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { makeUpMachine } from '../../machines/makeUpMachine';
import { MAKE_UP_PRICES, PURCHASE_MAKE_UP, STUDENT_CONVERSATIONS } from './operations';

export function MakeUpFlow({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const client = useApolloClient();
  const [state, send] = useMachine(makeUpMachine);
  const { offer, purchased, error } = state.context;

  const loading = state.matches('loading');
  useEffect(() => {
    if (!loading) return;
    let live = true;
    client
      .query({ query: MAKE_UP_PRICES, variables: { conversationId }, fetchPolicy: 'network-only', context: { quiet: true } })
      .then(({ data }) => live && send({ type: 'LOADED', offer: data.conversation?.makeUpPrices ?? null }))
      .catch((cause) => live && send({ type: 'ERROR', message: errorMessage(cause) }));
    return () => {
      live = false;
    };
  }, [loading, conversationId, client, send]);

  const pay = async (cardToken: string) => {
    send({ type: 'REVIEWED', cardToken });
    try {
      const { data } = await client.mutate({
        mutation: PURCHASE_MAKE_UP,
        variables: { input: { conversationId, cardToken } },
        context: { quiet: true },
        refetchQueries: [STUDENT_CONVERSATIONS],
      });
      const r = data!.purchaseMakeUpMinutes;
      send({ type: 'PURCHASED', purchased: r.purchased, minuteQuantity: r.minuteQuantity, amount: r.amount });
    } catch (cause) {
      send({ type: 'ERROR', message: errorMessage(cause) });
    }
  };

  if (state.matches('loading')) return <Loading label="Loading the make-up price" />;
  if (state.matches('outcome')) {
    return purchased ? (
      <Outcome
        ok
        title={AfterMessages.paymentSucceeded}
        message={`${formatMoney(purchased.amount, offer?.currency ?? 'usd')} was charged for ${purchased.minuteQuantity} make-up minutes.`}
        onDone={onClose}
      />
    ) : (
      <Outcome
        ok={false}
        title={AfterMessages.paymentFailed}
        message={error}
        onRetry={() => send({ type: 'REVERT' })}
        onDone={onClose}
        doneLabel="Close"
      />
    );
  }
  return (
    <Stack spacing={2} aria-busy={state.matches('purchasing')}>
      {error && (
        <Alert severity="warning" action={<Button onClick={() => send({ type: 'RELOAD' })}>Reload</Button>}>
          {error}
        </Alert>
      )}
      {offer && (
        <>
          <Typography>
            Buy back the {offer.minuteQuantity} minutes of this conversation for{' '}
            <strong>{formatMoney(offer.totalPrice, offer.currency)}</strong>, half the usual price.
          </Typography>
          <CardPaymentForm amount={offer.totalPrice} currency={offer.currency} busy={state.matches('purchasing')} onToken={pay} />
        </>
      )}
      <div>
        <Button onClick={onClose}>Not now</Button>
      </div>
    </Stack>
  );
}
