import path from "node:path";

/**
 * Where a file sits: its top folder (app, server, shared…) and, under app/features, its feature. Resolved from the
 * import's real path, so `../../data/api` from another feature is caught however many `../` it takes.
 */
function areaOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  const feature = parts[0] === "app" && parts[1] === "features" && parts.length > 3 ? parts[2] : undefined;
  return { top: parts[0], feature };
}

/** app/ never imports server/, server/ never imports app/, and app/features/<a> never imports app/features/<b>. */
export const importBoundaries = {
  meta: {
    type: "problem",
    messages: {
      appToServer: "app/ never imports server/ ({{source}}): move what both sides need to shared/.",
      serverToApp: "server/ never imports app/ ({{source}}): move what both sides need to shared/.",
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ({{source}}): move the shared piece to app/components or app/lib.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const from = areaOf(root, context.filename);
    const check = (node) => {
      const source = node.source?.type === "Literal" ? node.source.value : undefined;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = areaOf(root, path.resolve(path.dirname(context.filename), source));
      const data = { source, from: from.feature, to: to.feature };
      if (from.top === "app" && to.top === "server") context.report({ node, messageId: "appToServer", data });
      else if (from.top === "server" && to.top === "app") context.report({ node, messageId: "serverToApp", data });
      else if (from.feature && to.feature && from.feature !== to.feature)
        context.report({ node, messageId: "crossFeature", data });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
