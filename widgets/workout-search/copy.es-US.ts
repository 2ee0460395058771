import type { say } from "./copy.js";
import type { say as dialogSay } from "./dialog-copy.js";
import type { Translation } from "../ui/copy.js";
import { commonEs } from "../ui/copy.es-US.js";
import { libraryEs } from "../../src/i18n/spec/library.es-US.js";
import { libraryFiltersEs } from "../../src/i18n/spec/library-filters.es-US.js";

/**
 * <fit-workout-search> (with its filters dialog) in Latin American / US Spanish (es-US): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks es-US.
 */
const copy: Translation<typeof say> & Translation<typeof dialogSay> = {
  ...commonEs,
  ...libraryEs,
  ...libraryFiltersEs,
  "search.label": "Buscar entrenamientos",
  "search.placeholder": "Busca por nombre, entrenador, zona…",
  "search.categories": "Categorías",
  "search.all": "Todos los entrenamientos",
  "search.filters": "Filtros",
  "search.filtersCount": "Filtros ({count})",
  "search.sort": "Ordenar",
  "search.noExact": "No hay coincidencias exactas",
  "search.noExactHint": "Prueba con menos filtros o con otra búsqueda.",
  "search.more": "Ver más",
  "search.removeFilter": "Quitar el filtro {label}",
  "search.suggested": "Otros entrenamientos que te pueden gustar",
  "avoid.jumping": "Sin saltos",
  "avoid.wrists": "Sin carga en las muñecas",
  "avoid.shoulders": "Sin carga en los hombros",
  "avoid.knees": "Sin flexiones profundas de rodilla",
  "avoid.lower-back": "Sin esfuerzo lumbar",
  "avoid.floor": "Sin ejercicios en el piso",
  "avoid.weights": "Sin pesas",
  "avoid.ball": "Sin P.ball",
  "avoid.band": "Sin P.band",
  "avoid.gliders": "Sin discos deslizantes",
  "search.apply": "Ver {count} resultados",
  "search.apply#one": "Ver {count} resultado",
  "search.applyPlain": "Aplicar",
  "search.equipmentMode": "Coincidencia de equipo",
  "search.membersOnly": "Inicia sesión para filtrar por favoritos y entrenamientos vistos.",
  "filter.avoid": "Evitar",
  "search.avoidNotSaved": "Aplicado, pero no se guardará para tu próxima visita.",
};
export default copy;
