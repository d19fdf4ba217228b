/** /admin/pricing_plans/create: a new plan; it may take over as the system default (the first plan always is). */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import type { AdminDataProvider } from '../dataProvider';
import { PricingPlanForm } from './PricingPlanForm';

const EMPTY = { name: '', kind: 'standard', conversationDuration: 15, priceList: [], promotionalPriceList: null };

export function PricingPlanCreate() {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  const [systemDefault, setSystemDefault] = useState(false);
  return (
    <Page title={t('admin.pricing.newTitle')}>
      <PricingPlanForm
        initial={EMPTY}
        submitLabel={t('admin.pricing.create')}
        onCancel={() => navigate('/admin/pricing_plans')}
        onSubmit={async (input) => {
          const { pricingPlan } = await dataProvider.createPricingPlan({ ...input, systemDefault });
          notifySuccess(t('admin.pricing.created'));
          navigate(`/admin/pricing_plans/${encodeURIComponent(pricingPlan.id)}`);
        }}
        extra={
          <FormControlLabel
            control={<Checkbox checked={systemDefault} onChange={(e) => setSystemDefault(e.target.checked)} />}
            label={t('admin.pricing.makeDefaultOnCreate')}
          />
        }
      />
    </Page>
  );
}
