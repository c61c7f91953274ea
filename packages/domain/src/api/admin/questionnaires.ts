// issue 18: the operator's console, questionnaires (filled by its slice).
export {};
