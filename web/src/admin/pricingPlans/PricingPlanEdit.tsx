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
import { useT } from '../../i18n/useT';
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
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (plan.systemDefault) return <Chip color="primary" label={t('admin.pricing.systemDefault')} />;
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.makeDefaultPricingPlan({ pricingPlanId: plan.id });
      notifySuccess(t('admin.pricing.nowDefault', { name: plan.name }));
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
        {t('admin.pricing.makeDefault')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="make-default-title">
        <DialogTitle id="make-default-title">{t('admin.pricing.makeDefaultTitle', { name: plan.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admin.pricing.makeDefaultText')}</DialogContentText>
          <FormAlert message={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          <Button onClick={confirm} variant="contained" disabled={busy}>
            {t('admin.pricing.makeDefaultConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function PricingPlanEdit() {
  const t = useT();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  const format = useAdminTime();
  const { data, error, isPending, refetch } = useGetOne<PricingPlanRecord>('pricing_plans', { id });
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.pricing.what')}
      list={{ path: '/admin/pricing_plans', label: t('admin.pricing.title') }}
      crumb={(plan) => plan.name}
      title={(plan) => plan.name}
    >
      {(plan) => (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
            <MakeDefault plan={plan} onDone={() => void refetch()} />
            <Typography color="text.secondary">
              {t('admin.pricing.coursesMade', { count: plan.coursesCount, when: format(plan.createdAt) })}
            </Typography>
          </Stack>
          <ShowSection id="plan-terms" title={t('admin.pricing.terms')}>
            <PricingPlanForm
              key={JSON.stringify([plan.name, plan.kind, plan.conversationDuration, plan.priceList, plan.promotionalPriceList])}
              initial={plan}
              submitLabel={t('admin.common.save')}
              onCancel={() => navigate('/admin/pricing_plans')}
              onSubmit={async (input) => {
                const { changed } = await dataProvider.changePricingPlan({ ...input, pricingPlanId: plan.id });
                notifySuccess(t(changed ? 'admin.pricing.saved' : 'admin.pricing.unchanged'));
                await refetch();
              }}
            />
          </ShowSection>
        </Stack>
      )}
    </ShowFrame>
  );
}
