// issue 18: the operator's console, commerce (filled by its slice).
export {};
