import { feature, mesh } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from "geojson";
// Natural Earth 1:50m countries (world-atlas): an asset of its own, fetched when a map opens and precached by the
// service worker with the app so the map keeps its outlines offline.
import countriesUrl from "world-atlas/countries-50m.json?url";
// The 27 Brazilian states' borders, simplified once from Natural Earth admin-1 (scripts/build-brazil-states.ts).
import statesUrl from "./brazil-states.json?url";
// South America's rivers, lakes and towns from Natural Earth 1:50m (public domain), simplified once by
// scripts/build-natural-earth.ts: an asset of its own too, so the first page's JS does not carry it.
import naturalEarthUrl from "./natural-earth-south-america.json?url";
import { countryLabel, unwrapLongitudes, type PlaceLabel } from "./outline-geometry.ts";
import { STATE_CAPITALS } from "./state-capitals.ts";

export interface Outlines {
  land: FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  /** Borders between two countries, and coastlines (a country's edge with no neighbour), drawn differently. */
  borders: MultiLineString;
  coast: MultiLineString;
  states: FeatureCollection<MultiLineString, { state: string }>;
  rivers: FeatureCollection<MultiLineString, { name: string; rank: number }>;
  lakes: FeatureCollection<MultiPolygon, { name: string }>;
  labels: PlaceLabel[];
}

interface NaturalEarth {
  rivers: Outlines["rivers"];
  lakes: Outlines["lakes"];
  /** [name, longitude, latitude, the zoom its label shows from]. */
  places: [string, number, number, number][];
}

type Countries = Topology<{ countries: GeometryCollection<{ name: string }> }>;

let loading: Promise<Outlines> | null = null;

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`base map outlines: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function load(): Promise<Outlines> {
  const [topology, states, naturalEarth] = await Promise.all([
    fetchJson<Countries>(countriesUrl),
    fetchJson<Outlines["states"]>(statesUrl),
    fetchJson<NaturalEarth>(naturalEarthUrl),
  ]);
  const land = feature(topology, topology.objects.countries) as Outlines["land"];
  for (const country of land.features) {
    const geometry = country.geometry;
    if (geometry?.type === "Polygon")
      geometry.coordinates = geometry.coordinates.map((ring) => unwrapLongitudes(ring, true));
    if (geometry?.type === "MultiPolygon")
      geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map((ring) => unwrapLongitudes(ring, true)));
  }
  const lines = (filter: (a: unknown, b: unknown) => boolean): MultiLineString => {
    const lineMesh = mesh(topology, topology.objects.countries, filter);
    return { type: "MultiLineString", coordinates: lineMesh.coordinates.map((line) => unwrapLongitudes(line, false)) };
  };
  const countryLabels = land.features
    .filter((country) => country.geometry)
    .map((country) => countryLabel(country.properties.name, country.geometry));
  const capitalLabels = STATE_CAPITALS.map((capital): PlaceLabel => ({
    name: capital.name,
    at: capital.at,
    minZoom: capital.state === "DF" ? 4 : 5,
    kind: "capital",
  }));
  // Towns after the capitals' own zoom, however early Natural Earth ranks them: the capitals stay the first names.
  const townLabels = naturalEarth.places.map(([name, lon, lat, minZoom]): PlaceLabel => ({
    name,
    at: [lon, lat],
    minZoom: Math.max(6, minZoom),
    kind: "town",
  }));
  return {
    land,
    borders: lines((a, b) => a !== b),
    coast: lines((a, b) => a === b),
    states,
    rivers: naturalEarth.rivers,
    lakes: naturalEarth.lakes,
    labels: [...countryLabels, ...capitalLabels, ...townLabels],
  };
}

/** The packaged outlines, converted once per page (a failed fetch is retried by the next map). */
export function loadOutlines(): Promise<Outlines> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
