/** The id of every page's <main>: the skip link's target and where focus goes when a banner closes. */
export const MAIN_CONTENT_ID = 'main-content';
