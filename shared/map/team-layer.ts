import { z } from "zod";

/**
 * Team layers: GeoJSON or KML an application's administrators upload (plots, routes, areas of work) for the team to
 * see on the collect map and the data map, offline too, and to snap points to. The server reads the file into the
 * plain shape below (server/services/team-layers/) and the phone keeps that shape with the form.
 */

/** The file as uploaded: a municipality's plots as KML run to a few hundred KB; 2 MB keeps a phone's copy small. */
export const TEAM_LAYER_MAX_BYTES = 2 * 1024 * 1024;
export const TEAM_LAYER_FEATURES_MAX = 5_000;
/** Every position of every feature: what a phone draws and snaps against on each tap. */
export const TEAM_LAYER_VERTICES_MAX = 100_000;
/** Layers one application may hold. */
export const TEAM_LAYERS_MAX = 20;
export const TEAM_LAYER_NAME_MAX = 120;

export const TEAM_LAYER_FORMATS = ["geojson", "kml"] as const;
export type TeamLayerFormat = (typeof TEAM_LAYER_FORMATS)[number];

/** The format an uploaded file's name says (`plots.kml`, `routes.geojson` or `.json`); null for anything else. */
export function teamLayerFormat(fileName: string): TeamLayerFormat | null {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "kml") return "kml";
  if (extension === "geojson" || extension === "json") return "geojson";
  return null;
}

/** A colour as `#rrggbb`: what MapLibre paints and the colour input gives. */
export const TEAM_LAYER_COLOR = /^#[0-9a-f]{6}$/i;
export const TEAM_LAYER_DEFAULT_COLOR = "#7c3aed";

const layerName = z.string().trim().min(1).max(TEAM_LAYER_NAME_MAX);
const layerColor = z.string().regex(TEAM_LAYER_COLOR);

/** POST /api/applications/:id/team-layers: the file travels as its text (KML and GeoJSON are text). */
export const teamLayerUploadSchema = z.object({
  name: layerName,
  color: layerColor.default(TEAM_LAYER_DEFAULT_COLOR),
  fileName: z.string().min(1).max(255),
  content: z.string(),
});
export type TeamLayerUpload = z.input<typeof teamLayerUploadSchema>;

/** PATCH /api/applications/:id/team-layers/:layerId: rename or recolour. */
export const teamLayerUpdateSchema = z
  .object({ name: layerName.optional(), color: layerColor.optional() })
  .refine((update) => update.name !== undefined || update.color !== undefined, { message: "empty" });

type Pair = [number, number];

/** The geometries a layer keeps: positions are [longitude, latitude], altitude dropped. */
export type LayerGeometry =
  | { type: "Point"; coordinates: Pair }
  | { type: "MultiPoint"; coordinates: Pair[] }
  | { type: "LineString"; coordinates: Pair[] }
  | { type: "MultiLineString"; coordinates: Pair[][] }
  | { type: "Polygon"; coordinates: Pair[][] }
  | { type: "MultiPolygon"; coordinates: Pair[][][] };

export interface LayerFeature {
  type: "Feature";
  geometry: LayerGeometry;
  /** The placemark's or feature's name, shown when it is tapped; other properties are not kept. */
  properties: { name?: string };
}

export interface LayerFeatureCollection {
  type: "FeatureCollection";
  features: LayerFeature[];
}

const pair = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const layerGeometrySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("Point"), coordinates: pair }),
  z.object({ type: z.literal("MultiPoint"), coordinates: z.array(pair) }),
  z.object({ type: z.literal("LineString"), coordinates: z.array(pair) }),
  z.object({ type: z.literal("MultiLineString"), coordinates: z.array(z.array(pair)) }),
  z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(pair)) }),
  z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(z.array(pair))) }),
]);
export const layerFeatureCollectionSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      type: z.literal("Feature"),
      geometry: layerGeometrySchema,
      properties: z.object({ name: z.string().optional() }),
    }),
  ),
});

const bboxSchema = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });

/** A layer as the list answers it; its features are read by id (they never change: a new file is a new layer). */
export const teamLayerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  format: z.enum(TEAM_LAYER_FORMATS),
  featureCount: z.number().int(),
  vertexCount: z.number().int(),
  bbox: bboxSchema,
  createdAt: z.string(),
});
export type TeamLayerDto = z.infer<typeof teamLayerSchema>;
export const teamLayersSchema = z.object({ layers: z.array(teamLayerSchema) });
export type TeamLayersDto = z.infer<typeof teamLayersSchema>;

/** Every [longitude, latitude] of a geometry, for the bounding box, the caps and snapping. */
export function geometryPositions(geometry: LayerGeometry): Pair[] {
  switch (geometry.type) {
    case "Point":
      return [geometry.coordinates];
    case "MultiPoint":
    case "LineString":
      return geometry.coordinates;
    case "MultiLineString":
    case "Polygon":
      return geometry.coordinates.flat();
    case "MultiPolygon":
      return geometry.coordinates.flat(2);
  }
}

/** A layer with its features, as the phone keeps it and the maps draw it. */
export interface TeamLayerContent extends TeamLayerDto {
  features: LayerFeatureCollection;
}
