import { createContext, useContext } from "react";

/** The parameters of the current route (`:slug`, `:category`, …), provided by the shell. */
export const RouteParams = createContext<Record<string, string>>({});
/** `K`: the parameters the page's route always has (`useParams<"slug">()` on `/series/:slug`). */
export const useParams = <K extends string = string>() => useContext(RouteParams) as Record<K, string>;
