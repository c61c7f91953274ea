// issue 18: the operator's console, orders (filled by its slice).
export {};
