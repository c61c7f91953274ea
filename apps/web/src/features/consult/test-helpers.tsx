// Shared by the consult's tests: a plain stand-in for the Questionnaire form.
import { visibleQuestionsOnPage } from '@store/domain';
import type { QuestionnaireSlotProps } from './pages/QuestionnairePage';

/** A plain stand-in for the consult feature's Questionnaire: one text box per shown question. */
export function FakeQuestionnaire({
  version,
  answers,
  pageIndex,
  onAnswer,
  onNext,
  onBack,
  errors = [],
  status,
  nextLabel,
}: QuestionnaireSlotProps) {
  const page = version.pages[pageIndex]!;
  return (
    <form
      aria-label={page.title}
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <h2>{page.title}</h2>
      {visibleQuestionsOnPage(version, pageIndex, answers).map((q) => (
        <label key={q.id}>
          {q.label}
          <input
            value={typeof answers[q.id] === 'string' ? (answers[q.id] as string) : ''}
            onChange={(e) => onAnswer(q.id, e.target.value)}
          />
        </label>
      ))}
      {errors.map((e) => (
        <p key={e.field} role="alert">
          {e.field}: {e.message}
        </p>
      ))}
      {onBack ? (
        <button type="button" onClick={onBack}>
          Back
        </button>
      ) : null}
      <button type="submit" data-status={status}>
        {nextLabel ?? 'Next'}
      </button>
    </form>
  );
}
