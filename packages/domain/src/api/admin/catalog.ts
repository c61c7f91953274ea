// issue 18: the operator's console, catalog (filled by its slice).
export {};
