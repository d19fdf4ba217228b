/**
 * /instructor/templates/new and /:id/edit: the template's name, language, level and requirements
 * (the course rules); requirements are sent only for a standard price agreement (spec 3).
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DURATIONS, LANGUAGES, PROFICIENCIES, type Proficiency } from '../../../../contracts/enrollment';
import { courseFieldErrors } from '../../../../contracts/validation/enrollment';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { localizeKnown } from '../../i18n/translate';
import { useT } from '../../i18n/useT';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { userToday } from '../../lib/time';
import { CHANGE_TEMPLATE, CREATE_TEMPLATE, MY_TEMPLATES, TEMPLATE } from './operations';
import { languageName } from '../../lib/languageName';

const QUIET = { context: { quiet: true } } as const;

export default function TemplateFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const existing = useQuery(TEMPLATE, { variables: { templateId: id }, skip: mode === 'new' });
  const [form, setForm] = useState({
    name: '',
    language: 'es',
    proficiency: 'beginner' as Proficiency,
    durationRequirement: 15,
    completionRequirement: 4,
  });
  const [submitted, setSubmitted] = useState(false);
  const template = existing.data?.template;
  useEffect(() => {
    if (template)
      setForm({
        name: template.name,
        language: template.language,
        proficiency: template.proficiency,
        durationRequirement: template.durationRequirement,
        completionRequirement: template.completionRequirement,
      });
  }, [template]);
  const [create, created] = useMutation(CREATE_TEMPLATE, { ...QUIET, refetchQueries: [MY_TEMPLATES] });
  const [change, changed] = useMutation(CHANGE_TEMPLATE, QUIET);
  if (mode === 'edit' && existing.loading && !existing.data) return <Loading label={t('instructor.templates.loadingOne')} />;
  const isNew = mode === 'new';
  const standard = mode === 'new' || template?.priceAgreementKind === 'standard';
  const fields = courseFieldErrors({ ...form, startDate: null, endDate: null }, userToday(), { datesRequired: false });
  const problem = (key: string) => (submitted ? localizeKnown(fields[key]) : undefined);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({
      ...f,
      [key]: ['durationRequirement', 'completionRequirement'].includes(key) ? Number(e.target.value) : e.target.value,
    }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(fields).length) return;
    try {
      if (mode === 'new') {
        const { data } = await create({
          variables: {
            input: {
              name: form.name,
              language: form.language,
              proficiency: form.proficiency,
              requirements: { completionRequirement: form.completionRequirement, durationRequirement: form.durationRequirement },
            },
          },
        });
        notifySuccess(t('instructor.templates.created'));
        navigate(`/instructor/templates/${data!.createTemplate.template.id}`);
      } else {
        await change({
          variables: {
            input: {
              templateId: id,
              name: form.name,
              language: form.language,
              proficiency: form.proficiency,
              completionRequirement: standard ? form.completionRequirement : null,
              durationRequirement: standard ? form.durationRequirement : null,
            },
          },
        });
        notifySuccess(t('instructor.templates.changed'));
        navigate(`/instructor/templates/${id}`);
      }
    } catch {
      /* shown below */
    }
  }

  const error = created.error ?? changed.error;
  return (
    <Page title={isNew ? t('instructor.templates.newTitle') : t('instructor.templates.editTitle')}>
      <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 560 }} onSubmit={submit}>
        <TextField
          label={t('instructor.templates.name')}
          value={form.name}
          onChange={set('name')}
          required
          error={!!problem('name')}
          helperText={problem('name')}
        />
        <TextField select label={t('instructor.courseForm.language')} value={form.language} onChange={set('language')}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {languageName(l.code)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('instructor.courseForm.proficiency')} value={form.proficiency} onChange={set('proficiency')}>
          {PROFICIENCIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`student.courses.level.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('instructor.courseForm.length')}
          value={form.durationRequirement}
          onChange={set('durationRequirement')}
          disabled={!standard}
        >
          {DURATIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('instructor.courseForm.minutes', { minutes: d })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="number"
          label={t('instructor.courseForm.required')}
          value={form.completionRequirement}
          onChange={set('completionRequirement')}
          disabled={!standard}
          error={!!problem('completionRequirement')}
          helperText={problem('completionRequirement')}
          slotProps={{ htmlInput: { min: 1, max: 100 } }}
        />
        <FormAlert message={error ? errorMessage(error) : null} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={created.loading || changed.loading}>
            {isNew ? t('instructor.templates.createAction') : t('instructor.templates.save')}
          </Button>
          <Button onClick={() => navigate(isNew ? '/instructor/templates' : `/instructor/templates/${id}`)}>
            {t('instructor.courseForm.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
