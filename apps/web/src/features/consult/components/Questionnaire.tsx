// A questionnaire page rendered from its definition (issue 8 "Questionnaires are data"): only the
// questions whose conditions match the answers so far are shown, each question type with its own
// accessible input, and Next checks the page with the same domain rules the server uses. The parent
// owns the answers and the page (the checkout engine saves them as the patient goes).
import {
  validatePage,
  visiblePageIndexes,
  visibleQuestionsOnPage,
  MESSAGES,
  type AnswerError,
  type Answers,
  type Question,
  type QuestionnaireDefinition,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { StoreConfigContext } from '@/shared/storefront';
import { useUploadInProgress } from '../api/consult.api';
import { AllergiesQuestion } from '@/components/questions/AllergiesQuestion';
import {
  ConsentQuestion,
  DateQuestion,
  MultipleChoiceQuestion,
  NumberQuestion,
  SingleChoiceQuestion,
  TextQuestion,
  YesNoQuestion,
} from '@/components/questions/BasicQuestions';
import { FileUploadQuestion } from './FileUploadQuestion';
import { HeightWeightQuestion } from '@/components/questions/HeightWeightQuestion';
import { MedicationsQuestion } from './MedicationsQuestion';

export interface QuestionnaireProps {
  /** The questionnaire version's definition. */
  version: QuestionnaireDefinition;
  answers: Answers;
  pageIndex: number;
  onAnswer: (questionId: string, value: unknown) => void;
  /** Called when the page's answers pass the checks; the parent saves and moves on. */
  onNext: () => void;
  /** Shown when given (the first page's Back usually leaves the questionnaire). */
  onBack?: () => void;
  /** Field errors from the server (problem+json `errors`), shown beside their questions. */
  errors?: AnswerError[];
  /** The Next button's state while the page is saved. */
  status?: ButtonStatus;
  /** Defaults to the storefront's hideBmi setting (SPEC §3 applicationSettings.HideBMI). */
  hideBmi?: boolean;
  nextLabel?: string;
  /** Today's date (YYYY-MM-DD) for "not in the future" dates; defaults to the device's date. */
  today?: string;
  /** For tests: how long the medication search waits for typing to pause. */
  searchDebounceMs?: number;
  /** For tests: replaces the device camera check. */
  detectCamera?: () => Promise<boolean>;
}

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function Questionnaire({
  version,
  answers,
  pageIndex,
  onAnswer,
  onNext,
  onBack,
  errors: serverErrors = [],
  status = 'idle',
  hideBmi,
  nextLabel,
  today = localToday(),
  searchDebounceMs,
  detectCamera,
}: QuestionnaireProps) {
  const storeHideBmi = useContext(StoreConfigContext)?.settings.hideBmi ?? false;
  const [attempted, setAttempted] = useState(false);
  const [focusError, setFocusError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // issue 13 #19: a file still uploading has no answer yet. Next then would refuse the photo as
  // missing, or save the page without it and lose it when it arrives, so Next waits (busy) until
  // the upload is done, as it does while the page is saved.
  const uploading = useUploadInProgress();
  const nextStatus: ButtonStatus = uploading ? 'loading' : status;

  useEffect(() => setAttempted(false), [pageIndex]);

  const page = version.pages[pageIndex];
  const questions = visibleQuestionsOnPage(version, pageIndex, answers);
  const localErrors = attempted ? validatePage(version, pageIndex, answers, { today }) : [];
  const errors = [...localErrors, ...serverErrors.filter((s) => !localErrors.some((l) => l.field === s.field))];
  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;

  const pages = visiblePageIndexes(version, answers);
  const step = pages.indexOf(pageIndex) + 1;
  const isLast = pages.length > 0 && pages[pages.length - 1] === pageIndex;

  // After a refused Next, move focus to the first question that needs attention.
  useEffect(() => {
    if (focusError === 0) return;
    const first = errors[0];
    if (!first) return;
    const questionId = first.field.split('.')[0]!;
    const root = formRef.current?.querySelector<HTMLElement>(`[data-question="${questionId}"]`);
    const target = root?.querySelector<HTMLElement>('input:not([type="hidden"]):not([hidden]), textarea, button') ?? summaryRef.current;
    target?.focus();
  }, [focusError]);

  // Server errors arriving after a save also take the patient to the first one.
  useEffect(() => {
    if (serverErrors.length > 0) setFocusError((n) => n + 1);
  }, [serverErrors]);

  if (!page) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nextStatus === 'loading') return;
    const found = validatePage(version, pageIndex, answers, { today });
    setAttempted(true);
    if (found.length > 0) {
      setFocusError((n) => n + 1);
      return;
    }
    onNext();
  };

  const render = (question: Question) => {
    const common = { value: answers[question.id], onChange: (value: unknown) => onAnswer(question.id, value), error: errorFor(question.id) };
    switch (question.type) {
      case 'single_choice':
        return <SingleChoiceQuestion question={question} {...common} />;
      case 'multiple_choice':
        return <MultipleChoiceQuestion question={question} {...common} />;
      case 'yes_no':
        return <YesNoQuestion question={question} {...common} />;
      case 'text':
        return <TextQuestion question={question} {...common} />;
      case 'number':
        return <NumberQuestion question={question} {...common} />;
      case 'date':
        return <DateQuestion question={question} {...common} />;
      case 'consent':
        return <ConsentQuestion question={question} {...common} />;
      case 'allergies':
        return <AllergiesQuestion question={question} {...common} />;
      case 'medications':
        return <MedicationsQuestion question={question} {...common} {...(searchDebounceMs !== undefined ? { debounceMs: searchDebounceMs } : {})} />;
      case 'file_upload':
        return <FileUploadQuestion question={question} {...common} {...(detectCamera ? { detectCamera } : {})} />;
      case 'height_weight':
        return (
          <HeightWeightQuestion
            question={question}
            value={common.value}
            onChange={common.onChange}
            heightError={errorFor(`${question.id}.heightInches`)}
            weightError={errorFor(`${question.id}.weightPounds`)}
            hideBmi={hideBmi ?? storeHideBmi}
          />
        );
    }
  };

  return (
    <Stack component="form" ref={formRef} noValidate onSubmit={submit} spacing={3} aria-labelledby="questionnaire-page-title">
      <Stack spacing={0.5}>
        {pages.length > 1 && step > 0 ? (
          <Typography variant="body2" color="text.secondary">
            Page {step} of {pages.length}
          </Typography>
        ) : null}
        <Typography id="questionnaire-page-title" variant="h2">
          {page.title}
        </Typography>
        {version.introduction && step === 1 ? <Typography>{version.introduction}</Typography> : null}
        {page.description ? <Typography>{page.description}</Typography> : null}
      </Stack>

      {errors.length > 0 ? (
        <Alert severity="error" ref={summaryRef} tabIndex={-1} role="alert">
          {MESSAGES.VALIDATION_FAILED}
        </Alert>
      ) : null}

      {questions.map((question) => (
        <div key={question.id}>{render(question)}</div>
      ))}

      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', pt: 1 }}>
        {onBack ? (
          <Button type="button" variant="outlined" onClick={onBack} disabled={status === 'loading'}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <StatusButton type="submit" status={nextStatus}>
          {nextLabel ?? (isLast ? 'Continue' : 'Next')}
        </StatusButton>
      </Stack>
    </Stack>
  );
}
