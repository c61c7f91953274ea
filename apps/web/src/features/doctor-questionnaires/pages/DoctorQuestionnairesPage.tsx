// /doctor/questionnaires (issue 18): questionnaire drafts the operator asked this doctor to sign off
// (in the storefronts they serve), each read as the patient will see it before "Sign off". A draft
// changed since it was opened is refused with the server's message, and read again.
import { describeChanges } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, errorText, ErrorState, LoadingState } from '@/components/PageState';
import { QuestionnairePreview } from '@/components/questions/QuestionnairePreview';
import { StatusButton } from '@/components/StatusButton';
import { useDocumentTitle } from '@/shared/storefront';
import { DOCTOR_DRAFTS_PAGE_SIZE, useDraftForSignOff, useDraftsAwaitingSignOff, useSignOff } from '../api/doctorQuestionnaires.api';

function DraftReview({ versionId, onDone }: { versionId: string; onDone: (text: string) => void }) {
  const draft = useDraftForSignOff(versionId);
  const signOff = useSignOff();
  if (draft.isPending) return <LoadingState label="Loading the draft…" />;
  if (draft.isError) return <ErrorState error={draft.error} onRetry={() => void draft.refetch()} retrying={draft.isFetching} />;
  const d = draft.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="draft-review" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="draft-review" variant="h2" sx={{ fontSize: 20 }}>
          {d.questionnaire.title}, version {d.version}
        </Typography>
        <Typography color="text.secondary">
          {d.changeNote ? `${d.changeNote}. ` : ''}
          {describeChanges(d.changes)}. {d.summary.pages} pages, {d.summary.questions} questions.
        </Typography>
        {signOff.isError ? <Alert severity="error" role="alert">{errorText(signOff.error)}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <StatusButton
            status={signOff.isPending ? 'loading' : 'idle'}
            onClick={() =>
              // The list refreshes (this draft leaves it) before the promise settles, so the parent says it.
              void signOff
                .mutateAsync({ versionId: d.id, definitionHash: d.definitionHash })
                .then(() => onDone(`You signed off ${d.questionnaire.title}, version ${d.version}. The operator can publish it now.`))
                .catch(() => undefined)
            }
          >
            Sign off
          </StatusButton>
        </Stack>
        <Typography variant="h3" sx={{ fontSize: 18 }}>
          Preview as the patient sees it
        </Typography>
        <QuestionnairePreview definition={d.definition} />
      </Stack>
    </Paper>
  );
}

export function DoctorQuestionnairesPage() {
  useDocumentTitle('Questionnaire sign-off');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const selected = params.get('version');
  const list = useDraftsAwaitingSignOff(page);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const select = (versionId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (versionId) next.set('version', versionId);
      else next.delete('version');
      return next;
    });

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
          Questionnaire sign-off
        </Typography>
        <Typography color="text.secondary">
          Drafts the operator asked a doctor to sign off before patients get them. Read each as the patient will, then sign it off.
        </Typography>
      </Stack>
      {done ? (
        <Alert severity="success" ref={doneRef} tabIndex={-1} role="status">
          {done}
        </Alert>
      ) : null}
      {list.isPending ? (
        <LoadingState label="Loading drafts…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="Nothing to sign off" body="When the operator asks for a sign-off of a questionnaire, it shows here." />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5} component="ul" aria-label="Drafts awaiting your sign-off" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.data.items.map((d) => (
                <li key={d.versionId}>
                  <Card variant="outlined" sx={{ borderColor: d.versionId === selected ? 'primary.main' : undefined }}>
                    <CardActionArea onClick={() => select(d.versionId)} aria-current={d.versionId === selected ? 'true' : undefined}>
                      <CardContent>
                        <Typography variant="h2" sx={{ fontSize: 17 }}>
                          {d.title}, version {d.version}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {d.storefrontName} · {describeChanges(d.changes)}
                        </Typography>
                        {d.changeNote ? <Typography variant="body2">{d.changeNote}</Typography> : null}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </li>
              ))}
            </Stack>
            {list.data.total > DOCTOR_DRAFTS_PAGE_SIZE ? (
              <Pagination
                sx={{ mt: 2 }}
                count={Math.ceil(list.data.total / DOCTOR_DRAFTS_PAGE_SIZE)}
                page={page}
                onChange={(_e, n) => setParams({ page: String(n) })}
              />
            ) : null}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {selected ? (
              <DraftReview
                key={selected}
                versionId={selected}
                onDone={(text) => {
                  setDone(text);
                  select(null);
                }}
              />
            ) : (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography>Choose a draft to read it before signing off.</Typography>
                <Button sx={{ mt: 1 }} onClick={() => select(list.data.items[0]!.versionId)}>
                  Read the first draft
                </Button>
              </Paper>
            )}
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
