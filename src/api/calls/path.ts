/** Path segments are always encoded. */
export const enc = encodeURIComponent;
