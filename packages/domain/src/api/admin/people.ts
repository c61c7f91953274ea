// issue 18: the operator's console, people (filled by its slice).
export {};
