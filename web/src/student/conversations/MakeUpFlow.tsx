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
import { Loading } from '../../components/Loading';
import { Outcome } from '../../components/enrollment/Outcome';
import { CardPaymentForm } from '../../components/payments/CardPaymentForm';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { makeUpMachine } from '../../machines/makeUpMachine';
import { MAKE_UP_PRICES, PURCHASE_MAKE_UP, STUDENT_CONVERSATIONS } from './operations';
import { Message } from '../../i18n/Message';
import { useT } from '../../i18n/useT';

export function MakeUpFlow({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const t = useT();
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

  if (state.matches('loading')) return <Loading label={t('student.makeUp.loading')} />;
  if (state.matches('outcome')) {
    return purchased ? (
      <Outcome
        ok
        title={t('enrollment.outcome.title.credit_card')}
        message={t('student.makeUp.charged', {
          amount: formatMoney(purchased.amount, offer?.currency ?? 'usd'),
          minutes: purchased.minuteQuantity,
        })}
        onDone={onClose}
      />
    ) : (
      <Outcome
        ok={false}
        title={t('enrollment.outcome.title.failedPayment')}
        message={error}
        onRetry={() => send({ type: 'REVERT' })}
        onDone={onClose}
        doneLabel={t('student.makeUp.close')}
      />
    );
  }
  return (
    <Stack spacing={2} aria-busy={state.matches('purchasing')}>
      {error && (
        <Alert severity="warning" action={<Button onClick={() => send({ type: 'RELOAD' })}>{t('student.makeUp.reload')}</Button>}>
          {error}
        </Alert>
      )}
      {offer && (
        <>
          <Typography>
            <Message
              id="student.makeUp.offer"
              values={{ minutes: offer.minuteQuantity, price: formatMoney(offer.totalPrice, offer.currency) }}
              tags={{ b: (words) => <strong>{words}</strong> }}
            />
          </Typography>
          <CardPaymentForm amount={offer.totalPrice} currency={offer.currency} busy={state.matches('purchasing')} onToken={pay} />
        </>
      )}
      <div>
        <Button onClick={onClose}>{t('student.makeUp.notNow')}</Button>
      </div>
    </Stack>
  );
}
