/**
 * The schedule's translations, each a chunk of its own fetched when an element first speaks its language (English is
 * built in). The waitlist part asks its language's chunk for the matcher of the server's refusals too.
 */
export const languages = {
  "es-US": () => import("./copy.es-US.js"),
  "fr-CA": () => import("./copy.fr-CA.js"),
};
