/**
 * /admin/pricing_plans/:id: a plan's facts, its terms to edit, and taking over as the system default
 * (after a confirmation: every new course without a chosen plan is priced by it from then on).
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { useAdminTime } from '../zone';
import { PricingPlanForm, type PricingPlanValues } from './PricingPlanForm';

interface PricingPlanRecord extends PricingPlanValues {
  id: string;
  systemDefault: boolean;
  coursesCount: number;
  createdAt: string;
}

function MakeDefault({ plan, onDone }: { plan: PricingPlanRecord; onDone(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (plan.systemDefault) return <Chip color="primary" label="System default" />;
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.makeDefaultPricingPlan({ pricingPlanId: plan.id });
      notifySuccess(`${plan.name} is now the system default.`);
      setOpen(false);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Make system default
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="make-default-title">
        <DialogTitle id="make-default-title">Make {plan.name} the system default?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Every new course made without a chosen plan will be priced by this plan. Courses already made keep their prices.
          </DialogContentText>
          <FormAlert message={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={confirm} variant="contained" disabled={busy}>
            Make default
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function PricingPlanEdit() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  const format = useAdminTime();
  const { data, error, isPending, refetch } = useGetOne<PricingPlanRecord>('pricing_plans', { id });
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what="the pricing plan"
      list={{ path: '/admin/pricing_plans', label: 'Pricing plans' }}
      crumb={(plan) => plan.name}
      title={(plan) => plan.name}
    >
      {(plan) => (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
            <MakeDefault plan={plan} onDone={() => void refetch()} />
            <Typography color="text.secondary">
              {plan.coursesCount === 1 ? 'One course was made with it' : `${plan.coursesCount} courses were made with it`} · created{' '}
              {format(plan.createdAt)}
            </Typography>
          </Stack>
          <ShowSection id="plan-terms" title="Terms">
            <PricingPlanForm
              key={JSON.stringify([plan.name, plan.kind, plan.conversationDuration, plan.priceList, plan.promotionalPriceList])}
              initial={plan}
              submitLabel="Save"
              onCancel={() => navigate('/admin/pricing_plans')}
              onSubmit={async (input) => {
                const { changed } = await dataProvider.changePricingPlan({ ...input, pricingPlanId: plan.id });
                notifySuccess(changed ? 'The pricing plan was saved successfully!' : 'Nothing changed: the plan already has these terms.');
                await refetch();
              }}
            />
          </ShowSection>
        </Stack>
      )}
    </ShowFrame>
  );
}
