/** The responsive card grid of the list (spec 000 §2: one to four columns). */
export const APPLICATION_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4";
