import type { say } from "./copy.js";
import type { say as dialogSay } from "./dialog-copy.js";
import type { Translation } from "../ui/copy.js";
import { commonFr } from "../ui/copy.fr-CA.js";
import { libraryFr } from "../../src/i18n/spec/library.fr-CA.js";
import { libraryFiltersFr } from "../../src/i18n/spec/library-filters.fr-CA.js";

/**
 * <fit-workout-search> (with its filters dialog) in Canadian French (fr-CA): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks fr-CA.
 */
const copy: Translation<typeof say> & Translation<typeof dialogSay> = {
  ...commonFr,
  ...libraryFr,
  ...libraryFiltersFr,
  "search.label": "Rechercher des entraînements",
  "search.placeholder": "Nom, entraîneur, zone ciblée…",
  "search.categories": "Catégories",
  "search.all": "Tous les entraînements",
  "search.filters": "Filtres",
  "search.filtersCount": "Filtres ({count})",
  "search.sort": "Trier",
  "search.noExact": "Aucun résultat exact",
  "search.noExactHint": "Essayez moins de filtres ou une autre recherche.",
  "search.more": "Afficher plus",
  "search.removeFilter": "Retirer le filtre {label}",
  "search.suggested": "D’autres entraînements qui pourraient vous plaire",
  "avoid.jumping": "Sans sauts",
  "avoid.wrists": "Sans charge sur les poignets",
  "avoid.shoulders": "Sans charge sur les épaules",
  "avoid.knees": "Sans flexion profonde des genoux",
  "avoid.lower-back": "Sans effort pour le bas du dos",
  "avoid.floor": "Sans exercices au sol",
  "avoid.weights": "Sans poids",
  "avoid.ball": "Sans P.ball",
  "avoid.band": "Sans P.band",
  "avoid.gliders": "Sans disques de glisse",
  "search.apply": "Voir {count} résultats",
  "search.apply#one": "Voir {count} résultat",
  "search.applyPlain": "Appliquer",
  "search.equipmentMode": "Correspondance de l’équipement",
  "search.membersOnly": "Connectez-vous pour filtrer par favoris et entraînements visionnés.",
  "filter.avoid": "Éviter",
  "search.avoidNotSaved": "Appliqué, mais non enregistré pour votre prochaine visite.",
};
export default copy;
