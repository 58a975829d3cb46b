/**
 * Small real-shaped layer files for tests: a KML of two plots and a road as Google Earth writes them (a Document with
 * styles, MultiGeometry, altitude in coordinates, an unclosed ring), and the same plots as GeoJSON.
 */
export const PLOTS_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document>
  <name>Talhões</name>
  <Style id="plot"><LineStyle><color>ff0000ff</color></LineStyle></Style>
  <Folder>
    <name>Fazenda</name>
    <Placemark>
      <name>Talhão 1</name>
      <styleUrl>#plot</styleUrl>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        -47.9000,-15.8000,0 -47.8990,-15.8000,0 -47.8990,-15.7990,0 -47.9000,-15.7990,0
      </coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
    <Placemark>
      <name>Estrada e porteira</name>
      <MultiGeometry>
        <LineString><coordinates>-47.9010,-15.8010 -47.8980,-15.8010</coordinates></LineString>
        <Point><coordinates>-47.8985,-15.8010,812</coordinates></Point>
      </MultiGeometry>
    </Placemark>
    <Placemark><name>Sem geometria</name></Placemark>
  </Folder>
</Document>
</kml>
`;

export const PLOTS_GEOJSON = JSON.stringify({
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      id: "t1",
      properties: { name: "Talhão 1", cultura: "soja" },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [-47.9, -15.8],
            [-47.899, -15.8],
            [-47.899, -15.799],
            [-47.9, -15.799],
            [-47.9, -15.8],
          ],
        ],
      },
    },
    { type: "Feature", properties: { name: 12 }, geometry: { type: "Point", coordinates: [-47.8985, -15.801, 812] } },
  ],
});
