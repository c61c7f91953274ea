// issue 18: the operator's console, storefronts (filled by its slice).
export {};
