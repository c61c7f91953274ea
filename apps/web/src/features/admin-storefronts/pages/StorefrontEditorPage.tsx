// /admin/storefronts/:storefrontId (issue 18): the storefront's bundle as a draft — brand and
// hosts, colours, typography and layout, the 13 flags, settings and texts, consents — with a live
// preview of the home page, a product page and the summary in the edited theme as it is typed;
// Save draft, Publish (confirmed) and the versions with Roll back (confirmed).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DISPLAY_PAGE_KEYS,
  FEATURE_FLAGS,
  FONT_SIZE_KEYS,
  STOREFRONT_CONSENT_KINDS,
  storefrontDraftInputSchema,
  THEME_COLOR_KEYS,
  type AdminStorefrontDetail,
  type StorefrontConfig,
  type StorefrontDraftFormValues,
  type StorefrontDraftInput,
} from '@store/domain';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useDocumentTitle } from '@/shared/storefront';
import { usePublishVersion, useSaveDraft, useStorefrontDetail } from '../api/adminStorefronts.api';
import { ColourField, HostsField, NumberField, SwitchField } from '../components/fields';
import { StorefrontPreview } from '../components/StorefrontPreview';
import { StorefrontVersions } from '../components/StorefrontVersions';
import { COLOUR_LABELS, CONSENT_LABELS, DISPLAY_PAGE_LABELS, FLAG_LABELS, FONT_SIZE_LABELS } from '../labels';
import { previewConfig } from '../previewConfig';

type Values = StorefrontDraftFormValues;

function formValues(detail: AdminStorefrontDetail): Values {
  const bundle = structuredClone(detail.draft?.bundle ?? detail.live);
  return { ...bundle, note: detail.draft?.note ?? '' };
}

/** Every field a server message may name, so each lands beside its field. */
function fieldPaths(values: Values): FieldPath<Values>[] {
  const paths: string[] = ['hosts', 'consents', 'name', 'note'];
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (prefix) paths.push(prefix);
  };
  walk({ theme: values.theme, flags: values.flags, settings: values.settings, content: values.content }, '');
  for (let i = 0; i < 20; i += 1) paths.push(`hosts.${i}`);
  for (let i = 0; i < STOREFRONT_CONSENT_KINDS.length; i += 1) paths.push(`consents.${i}.title`, `consents.${i}.body`, `consents.${i}.kind`);
  return paths as FieldPath<Values>[];
}

function Section({ id, title, children, description }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: 20, mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

function ConsentsFields({ control, setValue }: { control: Control<Values>; setValue: (name: 'consents', value: Values['consents'], o: object) => void }) {
  const consents = useWatch({ control, name: 'consents' }) ?? [];
  const toggle = (kind: (typeof STOREFRONT_CONSENT_KINDS)[number], on: boolean) => {
    const next = on
      ? STOREFRONT_CONSENT_KINDS.flatMap((k) => {
          const found = consents.find((c) => c.kind === k);
          return found ? [found] : k === kind ? [{ kind, title: CONSENT_LABELS[kind], body: '' }] : [];
        })
      : consents.filter((c) => c.kind !== kind);
    setValue('consents', next, { shouldDirty: true });
  };
  return (
    <Stack spacing={3}>
      {STOREFRONT_CONSENT_KINDS.map((kind) => {
        const index = consents.findIndex((c) => c.kind === kind);
        return (
          <Stack key={kind} spacing={1.5}>
            <Box>
              <label>
                <input type="checkbox" checked={index >= 0} onChange={(e) => toggle(kind, e.target.checked)} style={{ marginRight: 8 }} />
                {CONSENT_LABELS[kind]}: patients accept it before paying
              </label>
            </Box>
            {index >= 0 ? (
              <>
                <FormTextField control={control} name={`consents.${index}.title`} label={`${CONSENT_LABELS[kind]}: title`} size="small" fullWidth />
                <FormTextField control={control} name={`consents.${index}.body`} label={`${CONSENT_LABELS[kind]}: text`} multiline minRows={3} fullWidth />
              </>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The preview follows every keystroke; only it re-renders, not the whole form. */
function LivePreview({ control, detail }: { control: Control<Values>; detail: AdminStorefrontDetail }) {
  const watched = useWatch({ control }) as Values;
  const deferred = useDeferredValue(watched);
  const base: StorefrontConfig = useMemo(() => ({ ...detail.live, id: detail.id, companyId: '' }), [detail]);
  const preview = useMemo(() => previewConfig(deferred, base), [deferred, base]);
  return <StorefrontPreview config={preview} />;
}

function Editor({ detail }: { detail: AdminStorefrontDetail }) {
  const save = useSaveDraft(detail.id);
  const publish = usePublishVersion(detail.id);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [publishStatus, setPublishStatus] = useState<ButtonStatus>('idle');
  const initial = useMemo(() => formValues(detail), [detail]);
  const form = useForm<Values, unknown, StorefrontDraftInput>({ resolver: zodResolver(storefrontDraftInputSchema), defaultValues: initial, mode: 'onBlur' });
  const { control, setValue } = form;
  // A saved or published bundle comes back from the server: the form starts from it again.
  useEffect(() => form.reset(initial), [form, initial]);
  const fields = useMemo(() => fieldPaths(initial), [initial]);
  const submit = useFormSubmit(form, fields, (values) => save.mutateAsync(values), {
    onSuccess: () => setPublishStatus('idle'),
  });
  const { isDirty } = form.formState;


  const draft = detail.draft;
  const canPublish = Boolean(draft) && !isDirty;
  const doPublish = async () => {
    if (!draft) return;
    setPublishStatus('loading');
    try {
      await publish.mutateAsync(draft.id);
      setPublishStatus('done');
    } catch {
      setPublishStatus('idle');
    }
  };

  const sf = detail.live.name;
  return (
    <>
      <AdminPageHeader
        title={sf}
        actions={
          <Button component={RouterLink} to="/admin/storefronts">
            All storefronts
          </Button>
        }
      >
        Live: {detail.liveVersion === null ? 'the original settings' : `version ${detail.liveVersion}`}
        {detail.live.hosts.length ? ` on ${detail.live.hosts.join(', ')}` : ' (no host name yet)'}.{' '}
        {draft ? `Draft: version ${draft.version}${isDirty ? ', with unsaved changes' : ''}.` : isDirty ? 'Unsaved changes: saving starts a new draft.' : 'No draft open: editing starts one from the live storefront.'}
      </AdminPageHeader>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack component="form" noValidate spacing={3} onSubmit={submit.onSubmit} aria-label="Storefront draft">
            <Section id="sf-brand" title="Brand & hosts">
              <Stack spacing={2}>
                <FormTextField control={control} name="name" label="Name patients see" required size="small" fullWidth />
                <HostsField control={control} setValue={setValue} />
              </Stack>
            </Section>

            <Section id="sf-colours" title="Colours" description="Each colour of the theme (SPEC §3), as #rrggbb.">
              <Grid container spacing={2}>
                {THEME_COLOR_KEYS.map((key) => (
                  <Grid key={key} size={{ xs: 12, sm: 6 }}>
                    <ColourField control={control} name={`theme.colors.${key}`} label={COLOUR_LABELS[key]} />
                  </Grid>
                ))}
              </Grid>
            </Section>

            <Section id="sf-type" title="Typography & layout">
              <Stack spacing={2}>
                <FormTextField control={control} name="theme.fontFamily" label="Fonts" size="small" fullWidth helperText='Font names, e.g. "Helvetica Neue", Arial, sans-serif' />
                <Grid container spacing={2}>
                  {FONT_SIZE_KEYS.map((key) => (
                    <Grid key={key} size={{ xs: 6, sm: 3 }}>
                      <NumberField control={control} name={`theme.fontSizes.${key}`} label={FONT_SIZE_LABELS[key]} />
                    </Grid>
                  ))}
                  <Grid size={{ xs: 6, sm: 3 }}>
                    <NumberField control={control} name="theme.containerWidths.sub" label="Content width" />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 3 }}>
                    <NumberField control={control} name="theme.containerWidths.main" label="Full width" />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 3 }}>
                    <NumberField control={control} name="theme.roundedBorderRadius" label="Rounded radius" />
                  </Grid>
                  <Grid size={{ xs: 6, sm: 3 }}>
                    <NumberField control={control} name="theme.buttonHeight" label="Button height" />
                  </Grid>
                </Grid>
                <SwitchField control={control} name="flags.enableRoundedBorders" label="Rounded borders" description="Corners use the rounded radius above." />
              </Stack>
            </Section>

            <Section id="sf-flags" title="Feature flags" description="The 13 switches of SPEC §3, all off by default.">
              <Grid container spacing={0.5}>
                {FEATURE_FLAGS.map((flag) => (
                  <Grid key={flag} size={{ xs: 12, sm: 6 }}>
                    <SwitchField control={control} name={`flags.${flag}`} label={FLAG_LABELS[flag]} />
                  </Grid>
                ))}
              </Grid>
            </Section>

            <Section id="sf-settings" title="Settings & texts">
              <Stack spacing={2}>
                <SwitchField control={control} name="settings.pharmacyChoice" label="Patients choose their pharmacy" />
                <SwitchField control={control} name="settings.hideBmi" label="Hide the BMI in the questionnaire" />
                <SwitchField control={control} name="settings.oneConsultProductPerOrder" label="One product needing a consult per order" />
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField control={control} name="settings.supportPhone" label="Support phone" size="small" fullWidth />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField control={control} name="settings.supportEmail" label="Support email" size="small" fullWidth />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <NumberField control={control} name="settings.guestOrderTtlHours" label="Keep a guest's order for" unit="hours" />
                  </Grid>
                </Grid>
                <FormTextField control={control} name="content.heroTitle" label="Home page title" size="small" fullWidth />
                <FormTextField control={control} name="content.heroDescription" label="Home page description" multiline minRows={2} fullWidth />
                <FormTextField control={control} name="content.altHeroTitle" label="Alternative home page title" size="small" fullWidth />
                <FormTextField control={control} name="content.altHeroDescription" label="Alternative home page description" multiline minRows={2} fullWidth />
                <FormTextField control={control} name="content.incentiveBanner" label="Incentive banner" size="small" fullWidth />
                <FormTextField control={control} name="content.typicalReviewTime" label="A review usually takes" size="small" fullWidth />
                <Typography variant="h3" sx={{ fontSize: 17, pt: 1 }}>
                  Pages before each step, and the greeting
                </Typography>
                {DISPLAY_PAGE_KEYS.map((key) => (
                  <Stack key={key} spacing={1} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
                    <SwitchField control={control} name={`settings.displayPages.${key}`} label={`Show the page ${DISPLAY_PAGE_LABELS[key].toLowerCase()}`} />
                    <FormTextField control={control} name={`content.prePageTexts.${key}.title`} label={`${DISPLAY_PAGE_LABELS[key]}: title`} size="small" fullWidth />
                    <FormTextField control={control} name={`content.prePageTexts.${key}.body`} label={`${DISPLAY_PAGE_LABELS[key]}: text`} size="small" fullWidth multiline />
                  </Stack>
                ))}
              </Stack>
            </Section>

            <Section id="sf-consents" title="Consents" description="A changed text is a new version patients accept at their next payment.">
              <ConsentsFields control={control} setValue={setValue} />
              {form.formState.errors.consents?.message ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {form.formState.errors.consents.message}
                </Alert>
              ) : null}
            </Section>

            <Paper variant="outlined" sx={{ p: 2, position: 'sticky', bottom: 0, zIndex: 2 }}>
              <Stack spacing={1.5}>
                <FormTextField control={control} name="note" label="What changed (for the versions list)" size="small" fullWidth />
                {Object.keys(form.formState.errors).length > 0 && form.formState.submitCount > 0 ? (
                  <Alert severity="error">Some fields need a change: each says what beside it.</Alert>
                ) : null}
                <FormAlert error={submit.error ?? publish.error} />
                <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  <StatusButton type="submit" status={submit.status} disabled={!isDirty && Boolean(draft)} doneLabel="Saved">
                    Save draft
                  </StatusButton>
                  <StatusButton
                    variant="outlined"
                    status={publishStatus}
                    disabled={!canPublish}
                    onClick={() => setConfirmPublish(true)}
                    doneLabel="Published"
                  >
                    Publish
                  </StatusButton>
                  {!canPublish && draft ? <Typography variant="body2">Save the draft to publish it.</Typography> : null}
                  {draft && !isDirty ? <Chip label={`Draft version ${draft.version} saved`} size="small" /> : null}
                </Stack>
              </Stack>
            </Paper>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
            <LivePreview control={control} detail={detail} />
          </Box>
        </Grid>
      </Grid>

      <Box sx={{ mt: 5 }}>
        <StorefrontVersions storefrontId={detail.id} />
      </Box>

      <ConfirmDialog
        open={confirmPublish}
        title={`Publish version ${draft?.version ?? ''}?`}
        text={`Patients on ${detail.live.hosts.length || draft?.bundle.hosts.length ? (draft?.bundle.hosts ?? detail.live.hosts).join(', ') : 'its host names'} will see this version at once. You can roll back to an earlier version afterwards.`}
        confirmLabel="Publish"
        onConfirm={() => void doPublish()}
        onClose={() => setConfirmPublish(false)}
      />
    </>
  );
}

export function StorefrontEditorPage() {
  const { storefrontId = '' } = useParams();
  const detail = useStorefrontDetail(storefrontId);
  useDocumentTitle(detail.data ? `${detail.data.live.name}: storefront` : 'Storefront');
  if (detail.isPending) return <LoadingState label="Loading the storefront…" />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  return <Editor detail={detail.data} />;
}
