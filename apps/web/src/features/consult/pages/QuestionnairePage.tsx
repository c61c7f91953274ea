// CHECKOUT_ROUTES.questionnaire (issue 8 "Consult questionnaire"): the consult of each order item
// that needs one, rendered by the Questionnaire form, inside the checkout layout (the router nests
// it there; the page reads the order through `@/shared/checkout`). Answers are saved as the patient goes — a draft shortly after
// each change, the page on Next — so leaving and coming back resumes on the same page. The last
// page submits; a disqualifying answer goes to /disqualified, otherwise on to the next pending stage.
import {
  firstIncompletePage,
  previousPageIndex,
  visiblePageIndexes,
  type AnswerError,
  type Answers,
  type Disqualification,
  type QuestionnaireDefinition,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { disqualifiedPath, invalidateCheckout, useCheckout } from '@/shared/checkout';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import {
  consultKeys,
  saveConsultPage,
  submitConsult,
  useOrderConsults,
  useStoreConsult,
  type Consult,
  type OrderConsult,
} from '../api/consult.api';
import { RenewalBanner } from '../components/RenewalBanner';
import { Questionnaire as QuestionnaireForm, type QuestionnaireProps } from '../components/Questionnaire';

/** What this page hands the questionnaire form (tests give a plain stand-in). */
export type QuestionnaireSlotProps = Pick<
  QuestionnaireProps,
  'version' | 'answers' | 'pageIndex' | 'onAnswer' | 'onNext' | 'onBack' | 'errors' | 'status' | 'nextLabel'
>;

export interface QuestionnairePageProps {
  /** The form that renders the questions; the consult's Questionnaire unless a test gives another. */
  Questionnaire?: ComponentType<QuestionnaireSlotProps>;
  /** How long after a change the draft is saved (tests shorten it). */
  draftDelayMs?: number;
}

/** The page to resume on: the saved one if it still has questions shown, else the first incomplete. */
function resumePage(definition: QuestionnaireDefinition, consult: Consult): number {
  const visible = visiblePageIndexes(definition, consult.answers);
  if (visible.includes(consult.currentPage)) return consult.currentPage;
  return firstIncompletePage(definition, consult.answers) ?? visible[0] ?? 0;
}

function answersOfPage(
  definition: QuestionnaireDefinition,
  pageIndex: number,
  answers: Answers,
): Answers {
  const page: Answers = {};
  for (const q of definition.pages[pageIndex]?.questions ?? [])
    if (q.id in answers) page[q.id] = answers[q.id];
  return page;
}

function ConsultForm({
  Questionnaire,
  orderId,
  item,
  consult,
  draftDelayMs,
  onDisqualified,
  onSubmitted,
}: {
  Questionnaire: ComponentType<QuestionnaireSlotProps>;
  orderId: string;
  item: OrderConsult;
  consult: Consult;
  draftDelayMs: number;
  onDisqualified: (outcome: Disqualification) => Promise<void>;
  onSubmitted: () => Promise<void>;
}) {
  const definition = consult.questionnaire.version.definition;
  const store = useStoreConsult(orderId);
  const [answers, setAnswers] = useState<Answers>(consult.answers);
  const [pageIndex, setPageIndex] = useState(() => resumePage(definition, consult));
  const [errors, setErrors] = useState<AnswerError[]>([]);
  const [problem, setProblem] = useState<unknown>(null);
  const [status, setStatus] = useState<ButtonStatus>('idle');

  // Saves run one after another, so a late draft never overtakes the page saved on Next.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ answers, pageIndex });
  latest.current = { answers, pageIndex };
  const dirty = useRef(false);

  const enqueue = <T,>(work: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(work, work);
    queue.current = run.catch(() => undefined);
    return run;
  };

  const saveDraftNow = () => {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    const { answers: a, pageIndex: p } = latest.current;
    void enqueue(() =>
      saveConsultPage({
        consultId: consult.id,
        pageIndex: p,
        answers: answersOfPage(definition, p, a),
        mode: 'draft',
      }).then(
        (saved) => store(saved.consult),
        () => undefined, // a lost draft is saved again with the page
      ),
    );
  };

  // Leaving the page (Back, another link) keeps what was typed.
  const flushOnLeave = useRef(saveDraftNow);
  flushOnLeave.current = saveDraftNow;
  useEffect(() => () => flushOnLeave.current(), []);

  // A new questionnaire page: its heading takes the focus, as a new page would.
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const heading = document.getElementById('questionnaire-page-title');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    window.scrollTo({ top: 0 });
  }, [pageIndex]);

  const onAnswer = (questionId: string, value: unknown) => {
    setAnswers((current) => ({ ...current, [questionId]: value }));
    dirty.current = true;
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(saveDraftNow, draftDelayMs);
  };

  const onNext = async () => {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
    dirty.current = false;
    setStatus('loading');
    setErrors([]);
    setProblem(null);
    try {
      const saved = await enqueue(() =>
        saveConsultPage({
          consultId: consult.id,
          pageIndex,
          answers: answersOfPage(definition, pageIndex, answers),
          mode: 'next',
        }),
      );
      store(saved.consult);
      if (saved.disqualified) return await onDisqualified(saved.disqualified);
      if (saved.nextPageIndex !== null) {
        setAnswers(saved.consult.answers);
        setPageIndex(saved.nextPageIndex);
        setStatus('idle');
        return;
      }
      const submitted = await enqueue(() => submitConsult(consult.id));
      store(submitted.consult);
      if (submitted.disqualified) return await onDisqualified(submitted.disqualified);
      setStatus('done');
      await onSubmitted();
    } catch (error) {
      setStatus('idle');
      if (isApiError(error) && error.fieldErrors.length > 0) {
        setErrors(error.fieldErrors);
      } else {
        if (isApiError(error) && error.code === 'QUESTIONNAIRE_INCOMPLETE') {
          const incomplete = firstIncompletePage(definition, answers);
          if (incomplete !== null) setPageIndex(incomplete);
        }
        setProblem(error);
      }
    }
  };

  const previous = previousPageIndex(definition, pageIndex, answers);
  const onBack =
    previous === null
      ? undefined
      : () => {
          saveDraftNow();
          setErrors([]);
          setProblem(null);
          setPageIndex(previous);
        };

  return (
    <Stack spacing={3}>
      <Typography variant="subtitle1" component="p">
        For <strong>{item.title}</strong>. Your answers are saved as you go: you can leave and come
        back to this page.
      </Typography>
      <RenewalBanner consult={consult} />
      {problem ? (
        <Alert severity="error" role="alert">
          {errorText(problem)}
        </Alert>
      ) : null}
      <Questionnaire
        version={definition}
        answers={answers}
        pageIndex={pageIndex}
        onAnswer={onAnswer}
        onNext={() => void onNext()}
        {...(onBack ? { onBack } : {})}
        errors={errors}
        status={status}
        {...(visiblePageIndexes(definition, answers).at(-1) === pageIndex
          ? { nextLabel: 'Submit answers' }
          : {})}
      />
    </Stack>
  );
}

/** Every consult is answered (the patient came Back): say so, and go on. */
function AllAnswered() {
  const { continueCheckout } = useCheckout();
  const [status, setStatus] = useState<ButtonStatus>('idle');
  return (
    <EmptyState
      title="Thank you, your answers are with the doctor"
      body="You have answered the health questionnaire for this order. Your answers can no longer be changed."
      action={
        <StatusButton
          status={status}
          onClick={async () => {
            setStatus('loading');
            await continueCheckout();
            setStatus('idle');
          }}
        >
          Continue
        </StatusButton>
      }
    />
  );
}

export function QuestionnairePage({ Questionnaire = QuestionnaireForm, draftDelayMs = 800 }: QuestionnairePageProps) {
  useDocumentTitle('Health questionnaire');
  const { order, continueCheckout } = useCheckout();
  const { settings } = useStoreConfig();
  const consults = useOrderConsults(order.id);
  const client = useQueryClient();
  const navigate = useNavigate();

  const onDisqualified = async (outcome: Disqualification) => {
    await invalidateCheckout(client);
    await navigate(disqualifiedPath(order.id), { state: { reason: outcome.reason } });
  };
  const onSubmitted = async () => {
    await client.invalidateQueries({ queryKey: consultKeys.order(order.id) });
    await continueCheckout();
  };

  let body;
  if (consults.isPending) body = <LoadingState label="Loading your questionnaire…" />;
  else if (consults.error) {
    body = (
      <ErrorState
        error={consults.error}
        onRetry={() => void consults.refetch()}
        retrying={consults.isFetching}
      />
    );
  } else {
    const items = consults.data.items;
    const disqualified = items.find((i) => i.consult?.status === 'disqualified');
    const active = items.find((i) => !i.completed && i.consult?.status !== 'submitted');
    if (disqualified) return <Navigate to={disqualifiedPath(order.id)} replace />;
    if (items.length === 0 || !active) body = <AllAnswered />;
    else if (!active.consult) {
      body = (
        <EmptyState
          title="This questionnaire is not available right now"
          body={`We could not open the questionnaire for ${active.title}. Please contact us${
            settings.supportPhone ? ` at ${settings.supportPhone}` : ''
          }${settings.supportEmail ? ` or ${settings.supportEmail}` : ''} and we will help you finish your order.`}
        />
      );
    } else {
      body = (
        <ConsultForm
          key={active.consult.id}
          Questionnaire={Questionnaire}
          orderId={order.id}
          item={active}
          consult={active.consult}
          draftDelayMs={draftDelayMs}
          onDisqualified={onDisqualified}
          onSubmitted={onSubmitted}
        />
      );
    }
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h1">Health questionnaire</Typography>
      {body}
    </Stack>
  );
}
