// /admin/questionnaires/:id/versions/:versionId (issue 18): the builder of a draft, and the
// read-only view of a published one. Pages (add, rename, reorder, remove), their questions (any
// type, each edited in place, reordered, removed), show-if conditions, disqualifying answers with
// their message, and beside it a live preview as the patient sees it. Save draft checks the
// definition with the domain's schema first (messages naming the page and question, shown beside
// the question and in a list); then Request sign-off, and Publish (confirmed) once a doctor signed
// it off. Editing after the sign-off clears it (the server says so and the status follows).
import {
  definitionIssues,
  describeChanges,
  QUESTION_TYPES,
  QUESTIONNAIRE_STATUS_LABELS,
  questionnaireDefinitionSchema,
  type AdminQuestionnaireVersionDetail,
  type DefinitionIssue,
  type QuestionType,
} from '@store/domain';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorText, ErrorState, LoadingState } from '@/components/PageState';
import { QuestionnairePreview } from '@/components/questions/QuestionnairePreview';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { adminHref, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { questionnaireApi, useQuestionnaireStep, useVersion } from '../api/adminQuestionnaires.api';
import {
  addPage,
  addQuestion,
  conditionsWithout,
  earlierQuestions,
  movePage,
  moveQuestion,
  QUESTION_TYPE_LABELS,
  removePage,
  removeQuestion,
  updatePage,
  updateQuestion,
  type Draft,
} from '../builderModel';
import { QuestionEditor } from '../components/QuestionEditor';
import { conditionsReferring } from '@store/domain';

/** Issues for one question (`pages.p.questions.q…`) or one page (`pages.p.title` etc.). */
export function issuesAt(issues: DefinitionIssue[], p: number, q?: number): string[] {
  const prefix = q === undefined ? `pages.${p}.` : `pages.${p}.questions.${q}`;
  return issues
    .filter((i) =>
      q === undefined
        ? i.field.startsWith(prefix) && !i.field.startsWith(`${prefix}questions.`)
        : i.field === prefix || i.field.startsWith(`${prefix}.`),
    )
    .map((i) => i.message);
}

function AddQuestion({
  onAdd,
  pageNumber,
}: {
  onAdd: (type: QuestionType) => void;
  pageNumber: number;
}) {
  const [type, setType] = useState<QuestionType>('single_choice');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={`Type of the new question on page ${pageNumber}`}
        value={type}
        onChange={(e) => setType(e.target.value as QuestionType)}
        sx={{ minWidth: 280 }}
      >
        {QUESTION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {QUESTION_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={() => onAdd(type)}>
        Add question
      </Button>
    </Stack>
  );
}

export function Builder({
  version,
  storefrontId,
}: {
  version: AdminQuestionnaireVersionDetail;
  storefrontId: string;
}) {
  const [draft, setDraft] = useState<Draft>(version.definition);
  const [changeNote, setChangeNote] = useState(version.changeNote);
  const [issues, setIssues] = useState<DefinitionIssue[]>([]);
  const [saveStatus, setSaveStatus] = useState<ButtonStatus>('idle');
  const [message, setMessage] = useState<{
    severity: 'error' | 'success' | 'info';
    text: string;
  } | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  /** The question being edited, as "page-question" indexes (one at a time). */
  const [open, setOpen] = useState<string | null>(null);
  /** The page being edited (one at a time; the others show as a line each). */
  const [openPage, setOpenPage] = useState(0);
  const [confirmRemove, setConfirmRemove] = useState<{ text: string; run: () => void } | null>(
    null,
  );
  const messageRef = useRef<HTMLDivElement>(null);
  const saved = useMemo(
    () => JSON.stringify({ d: version.definition, n: version.changeNote }),
    [version],
  );
  const dirty = JSON.stringify({ d: draft, n: changeNote }) !== saved;
  const save = useQuestionnaireStep(() =>
    questionnaireApi.saveDraft(storefrontId, version.questionnaire.id, version.id, {
      definition: draft,
      changeNote,
    }),
  );
  const request = useQuestionnaireStep(() =>
    questionnaireApi.requestSignOff(storefrontId, version.questionnaire.id, version.id),
  );
  const publish = useQuestionnaireStep(() =>
    questionnaireApi.publish(storefrontId, version.questionnaire.id, version.id),
  );

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  // The preview follows the draft as long as it is a definition the patient's pages can show.
  const previewable = useMemo(() => questionnaireDefinitionSchema.safeParse(draft), [draft]);

  const edit = (next: Draft) => {
    setDraft(next);
    if (saveStatus === 'done') setSaveStatus('idle');
  };

  const onSave = async () => {
    const found = definitionIssues(draft);
    setIssues(found);
    const firstPage = /^pages\.(\d+)/.exec(found[0]?.field ?? '');
    if (firstPage) setOpenPage(Number(firstPage[1]));
    if (found.length > 0) {
      setMessage({
        severity: 'error',
        text: `Not saved: ${found.length === 1 ? 'one problem' : `${found.length} problems`} to fix. ${found[0]!.message}`,
      });
      return;
    }
    setSaveStatus('loading');
    try {
      const result = await save.mutateAsync(undefined);
      setSaveStatus('done');
      setMessage({
        severity: 'success',
        text:
          version.status === 'signed_off' || version.status === 'awaiting_sign_off'
            ? 'Draft saved. The change needs a new sign-off: request it again.'
            : 'Draft saved.',
      });
      setDraft(result.definition);
    } catch (err) {
      setSaveStatus('idle');
      if (isApiError(err) && err.fieldErrors.length > 0) {
        setIssues(
          err.fieldErrors.map((e) => ({
            field: e.field.replace(/^definition\./, ''),
            message: e.message,
          })),
        );
      }
      setMessage({ severity: 'error', text: `Not saved. ${errorText(err)}` });
    }
  };

  const step = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      setMessage({ severity: 'success', text: done });
    } catch (err) {
      setMessage({ severity: 'error', text: errorText(err) });
    }
  };

  const removeQuestionAt = (p: number, q: number) => {
    const id = draft.pages[p]!.questions[q]!.id;
    const users = conditionsReferring(draft, id).filter((u) => u !== id);
    const run = () => {
      setOpen(null);
      let next = removeQuestion(draft, p, q);
      // Conditions that read the removed question lose that row.
      next = {
        ...next,
        pages: next.pages.map((page) => ({
          ...page,
          questions: page.questions.map((x) => ({
            ...x,
            showIf: conditionsWithout(x.showIf as never, id),
          })),
        })),
      };
      edit(next);
    };
    setConfirmRemove({
      text:
        users.length > 0
          ? `Remove question ${id}? The conditions of ${users.join(', ')} read it; those rows are removed too.`
          : `Remove question ${id}?`,
      run,
    });
  };

  const status = version.status;
  const canRequest = !dirty && status === 'draft';
  const canPublish = !dirty && status === 'signed_off';

  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3 }}
        component="section"
        aria-labelledby="draft-status"
      >
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' } }}
        >
          <Stack spacing={0.5} sx={{ flex: 1 }}>
            <Typography id="draft-status" variant="h2" sx={{ fontSize: 18 }}>
              Version {version.version}{' '}
              <Chip size="small" label={QUESTIONNAIRE_STATUS_LABELS[status]} sx={{ ml: 1 }} />
              {dirty ? (
                <Chip size="small" color="warning" label="Unsaved changes" sx={{ ml: 1 }} />
              ) : null}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {status === 'signed_off' && version.signedOffBy
                ? `Signed off by ${version.signedOffBy.name}. Publishing makes it the version new consults get.`
                : status === 'awaiting_sign_off'
                  ? 'Waiting for a doctor who serves this storefront to sign it off.'
                  : 'Save your changes, then request a doctor’s sign-off. It can be published once signed off.'}{' '}
              {describeChanges(version.changes)}.
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <StatusButton
              status={saveStatus}
              onClick={() => void onSave()}
              disabled={!dirty && saveStatus !== 'done'}
            >
              Save draft
            </StatusButton>
            <StatusButton
              variant="outlined"
              status={request.isPending ? 'loading' : 'idle'}
              disabled={!canRequest}
              onClick={() =>
                void step(
                  () => request.mutateAsync(undefined),
                  'Sign-off requested. The storefront’s doctors see it in their area.',
                )
              }
            >
              Request sign-off
            </StatusButton>
            <StatusButton
              variant="outlined"
              color="success"
              status={publish.isPending ? 'loading' : 'idle'}
              disabled={!canPublish}
              onClick={() => setConfirmPublish(true)}
            >
              Publish
            </StatusButton>
          </Stack>
        </Stack>
        {message ? (
          <Alert
            severity={message.severity}
            ref={messageRef}
            tabIndex={-1}
            sx={{ mt: 2 }}
            role={message.severity === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        ) : null}
        {issues.length > 1 ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {issues.map((i) => (
                <li key={`${i.field}${i.message}`}>{i.message}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </Paper>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <TextField
              label="What changed in this version"
              value={changeNote}
              onChange={(e) => setChangeNote(e.target.value)}
              helperText="Shown in the versions list and to the doctor who signs it off."
            />
            <TextField
              label="Questionnaire title (shown to patients)"
              value={draft.title}
              onChange={(e) => edit({ ...draft, title: e.target.value })}
            />
            <TextField
              label="Introduction (optional, above the first page)"
              multiline
              value={draft.introduction ?? ''}
              onChange={(e) => edit({ ...draft, introduction: e.target.value || undefined })}
            />
            {draft.pages.map((page, p) => {
              const pageNumber = p + 1;
              const pageIssues = issuesAt(issues, p);
              return (
                <Paper
                  key={p}
                  variant="outlined"
                  component="section"
                  aria-labelledby={`builder-page-${p}`}
                  sx={{ p: 2, bgcolor: 'grey.50' }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                    <Typography
                      id={`builder-page-${p}`}
                      variant="h3"
                      sx={{ fontSize: 20, flex: 1 }}
                    >
                      Page {pageNumber}: {page.title}
                    </Typography>
                    <Button
                      size="small"
                      aria-expanded={openPage === p}
                      aria-label={`${openPage === p ? 'Close' : 'Edit'} page ${pageNumber}`}
                      onClick={() => setOpenPage(openPage === p ? -1 : p)}
                    >
                      {openPage === p ? 'Close' : 'Edit'}
                    </Button>
                    <IconButton
                      aria-label={`Move page ${pageNumber} up`}
                      disabled={p === 0}
                      onClick={() => {
                        edit(movePage(draft, p, p - 1));
                        if (openPage === p) setOpenPage(p - 1);
                      }}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Move page ${pageNumber} down`}
                      disabled={p === draft.pages.length - 1}
                      onClick={() => {
                        edit(movePage(draft, p, p + 1));
                        if (openPage === p) setOpenPage(p + 1);
                      }}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Remove page ${pageNumber}`}
                      disabled={draft.pages.length === 1}
                      onClick={() =>
                        setConfirmRemove({
                          text: `Remove page ${pageNumber} "${page.title}" and its ${page.questions.length} questions?`,
                          run: () => {
                            setOpenPage(-1);
                            edit(removePage(draft, p));
                          },
                        })
                      }
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  {pageIssues.length > 0 ? (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      {pageIssues.map((m) => (
                        <div key={m}>{m}</div>
                      ))}
                    </Alert>
                  ) : null}
                  {openPage !== p ? (
                    <Typography color="text.secondary">
                      {page.questions.length} question{page.questions.length === 1 ? '' : 's'}:{' '}
                      {page.questions.map((x) => x.id).join(', ')}
                      {issues.some((i) => i.field.startsWith(`pages.${p}.`))
                        ? ' · has problems to fix'
                        : ''}
                    </Typography>
                  ) : (
                    <Stack spacing={2}>
                      <TextField
                        label={`Page ${pageNumber} title`}
                        value={page.title}
                        onChange={(e) => edit(updatePage(draft, p, { title: e.target.value }))}
                      />
                      <TextField
                        label={`Page ${pageNumber} description (optional)`}
                        value={page.description ?? ''}
                        onChange={(e) =>
                          edit(updatePage(draft, p, { description: e.target.value || undefined }))
                        }
                      />
                      {page.questions.map((question, q) => (
                        <QuestionEditor
                          key={`${p}-${q}`}
                          draft={draft}
                          question={question}
                          number={`Page ${pageNumber}, question ${q + 1}`}
                          earlier={earlierQuestions(draft, p, q)}
                          issues={issuesAt(issues, p, q)}
                          onChange={(next) => edit(updateQuestion(draft, p, q, next))}
                          onMove={(delta) => {
                            edit(moveQuestion(draft, p, q, q + delta));
                            if (open === `${p}-${q}`) setOpen(`${p}-${q + delta}`);
                          }}
                          onRemove={() => removeQuestionAt(p, q)}
                          isFirst={q === 0}
                          isLast={q === page.questions.length - 1}
                          expanded={open === `${p}-${q}`}
                          onToggle={() => setOpen(open === `${p}-${q}` ? null : `${p}-${q}`)}
                        />
                      ))}
                      <AddQuestion
                        pageNumber={pageNumber}
                        onAdd={(type) => {
                          edit(addQuestion(draft, p, type));
                          setOpen(`${p}-${page.questions.length}`);
                        }}
                      />
                    </Stack>
                  )}
                </Paper>
              );
            })}
            <Button
              variant="outlined"
              onClick={() => {
                edit(addPage(draft));
                setOpenPage(draft.pages.length);
              }}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add a page
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="preview-heading"
            sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 16 } }}
          >
            <Typography id="preview-heading" variant="h2" sx={{ fontSize: 18, mb: 2 }}>
              Preview as the patient sees it
            </Typography>
            {previewable.success ? (
              <QuestionnairePreview key={JSON.stringify(draft)} definition={previewable.data} />
            ) : (
              <Alert severity="info">
                The preview returns once the draft is complete (every page and question has its text
                and answers).
              </Alert>
            )}
          </Paper>
        </Grid>
      </Grid>

      <ConfirmDialog
        open={confirmPublish}
        title={`Publish version ${version.version}?`}
        text="New consults get this version from now on. Consults already in progress keep the version they started with. A published version can no longer be changed."
        confirmLabel="Publish"
        onClose={() => setConfirmPublish(false)}
        onConfirm={() => {
          setConfirmPublish(false);
          void step(
            () => publish.mutateAsync(undefined),
            `Version ${version.version} is published. New consults get it.`,
          );
        }}
      />
      <ConfirmDialog
        open={Boolean(confirmRemove)}
        title="Remove?"
        text={confirmRemove?.text ?? ''}
        confirmLabel="Remove"
        onClose={() => setConfirmRemove(null)}
        onConfirm={() => {
          confirmRemove?.run();
          setConfirmRemove(null);
        }}
      />
    </>
  );
}

export function QuestionnaireBuilderPage() {
  const { id = '', versionId = '' } = useParams();
  const { storefront, me } = useAdminStorefront();
  const version = useVersion(storefront?.id, id, versionId);
  useDocumentTitle(
    version.data
      ? `${version.data.questionnaire.title}: version ${version.data.version}`
      : 'Questionnaire version',
  );

  if (me.isPending || (storefront && version.isPending))
    return <LoadingState label="Loading the questionnaire…" />;
  if (me.isError)
    return (
      <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
    );
  if (version.isError || !version.data)
    return (
      <ErrorState
        error={version.error}
        onRetry={() => void version.refetch()}
        retrying={version.isFetching}
      />
    );
  const v = version.data;
  const editable = v.status !== 'published' && v.status !== 'superseded';

  return (
    <>
      <AdminPageHeader title={`${v.questionnaire.title}: version ${v.version}`}>
        <Link
          component={RouterLink}
          underline="always"
          to={adminHref(`/admin/questionnaires/${v.questionnaire.id}`, storefront?.id)}
        >
          All versions of {v.questionnaire.title}
        </Link>
      </AdminPageHeader>
      {editable ? (
        // One builder per version; its status follows the server (saved, asked, signed off).
        <Builder key={v.id} version={v} storefrontId={storefront!.id} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Alert severity="info">
              Version {v.version} is {QUESTIONNAIRE_STATUS_LABELS[v.status].toLowerCase()}
              {v.signedOffBy ? `, signed off by ${v.signedOffBy.name}` : ''}, and can no longer be
              changed: {v.consults} consult{v.consults === 1 ? '' : 's'} use it. Make a new draft
              from the versions list to change it.
            </Alert>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="preview-heading"
              sx={{ p: 2 }}
            >
              <Typography id="preview-heading" variant="h2" sx={{ fontSize: 18, mb: 2 }}>
                Preview as the patient sees it
              </Typography>
              <QuestionnairePreview definition={v.definition} />
            </Paper>
          </Grid>
        </Grid>
      )}
    </>
  );
}
