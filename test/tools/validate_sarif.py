#!/usr/bin/env python3
"""Checks a SARIF log against the required structure of the SARIF 2.1.0 schema
and, unless --schema-only, against GitHub code scanning's documented upload
requirements.

    validate_sarif.py FILE [--schema-only] [--quiet]

Prints "ok: <runs> run(s), <results> result(s), <rules> rule(s)" and exits 0,
or prints one line per problem ("<json path>: <problem>") and exits 1. Exit 2
when the file cannot be read or is not JSON.

Schema checks (written from sarif-schema-2.1.0.json, no network): required
properties, property types, enums, numeric minimums, unique arrays, and
additionalProperties: false on the objects the schema closes (sarifLog, run,
tool, toolComponent, reportingDescriptor, reportingConfiguration,
multiformatMessageString, message, result, location, physicalLocation,
artifactLocation, region, invocation, automationDetails).
GitHub checks: $schema present, runs[].results present, every rule with
shortDescription/fullDescription/help text, every result with a message text
and at least one location with artifactLocation.uri and region.startLine,
ruleIndex consistent with ruleId, and GitHub's size limits.
"""
import json
import re
import sys

PROBLEMS = []


def problem(path, msg):
    PROBLEMS.append("%s: %s" % (path, msg))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_type(path, v, kind):
    ok = {
        "object": isinstance(v, dict),
        "array": isinstance(v, list),
        "string": isinstance(v, str),
        "integer": is_int(v),
        "number": (is_int(v) or isinstance(v, float)),
        "boolean": isinstance(v, bool),
    }[kind]
    if not ok:
        problem(path, "must be %s %s, not %s" % ("an" if kind[0] in "aeiou" else "a",
                                                  kind, type(v).__name__))
    return ok


def check_closed(path, obj, allowed):
    for k in obj:
        if k not in allowed:
            problem(path, "property '%s' is not allowed here (SARIF 2.1.0)" % k)


def check_int_min(path, v, minimum):
    if check_type(path, v, "integer") and v < minimum:
        problem(path, "must be >= %d, not %d" % (minimum, v))


def check_unique(path, arr):
    seen = []
    for item in arr:
        key = json.dumps(item, sort_keys=True)
        if key in seen:
            problem(path, "items must be unique")
            return
        seen.append(key)


# RFC 3986 URI-reference, loosely: no spaces or control characters, no
# stray '%', and a valid scheme when one is present.
URI_BAD = re.compile(r"[\s\x00-\x1f\"<>\\^`{|}]|%(?![0-9A-Fa-f]{2})")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def check_uri(path, v, absolute=False):
    if not check_type(path, v, "string"):
        return
    if URI_BAD.search(v):
        problem(path, "'%s' is not a valid URI reference (encode spaces and "
                      "special characters)" % v)
    if absolute and not SCHEME.match(v):
        problem(path, "'%s' must be an absolute URI" % v)


def check_string(path, v):
    check_type(path, v, "string")


def check_required(path, v, key, check):
    """v[key] checked, or a problem where v lacks it."""
    if key not in v:
        problem(path, "missing required property '%s'" % key)
    else:
        check(path + "." + key, v[key])


def check_members(path, v, checks):
    """checks: (key, check) pairs, in order; each runs on v[key] where v has
    the key."""
    for k, check in checks:
        if k in v:
            check(path + "." + k, v[k])


def check_property_bag(path, v):
    if not check_type(path, v, "object"):
        return
    if "tags" in v and check_type(path + ".tags", v["tags"], "array"):
        for i, t in enumerate(v["tags"]):
            check_type("%s.tags[%d]" % (path, i), t, "string")
        check_unique(path + ".tags", v["tags"])


def check_mfms(path, v):  # multiformatMessageString
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"text", "markdown", "properties"})
    if "text" not in v:
        problem(path, "missing required property 'text'")
    check_members(path, v, [("text", check_string), ("markdown", check_string),
                            ("properties", check_property_bag)])


def check_message(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"text", "markdown", "id", "arguments", "properties"})
    if "text" not in v and "id" not in v:
        problem(path, "must have 'text' or 'id'")
    for k in ("text", "markdown", "id"):
        if k in v:
            check_type(path + "." + k, v[k], "string")
    if "arguments" in v and check_type(path + ".arguments", v["arguments"], "array"):
        for i, a in enumerate(v["arguments"]):
            check_type("%s.arguments[%d]" % (path, i), a, "string")


LEVELS = {"none", "note", "warning", "error"}
KINDS = {"notApplicable", "pass", "fail", "review", "open", "informational"}


def check_artifact_location(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"uri", "uriBaseId", "index", "description", "properties"})
    check_members(path, v, [("uri", check_uri), ("uriBaseId", check_string),
                            ("index", lambda p, x: check_int_min(p, x, -1)),
                            ("description", check_message)])


def check_region(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"startLine", "startColumn", "endLine", "endColumn",
                           "charOffset", "charLength", "byteOffset", "byteLength",
                           "snippet", "message", "sourceLanguage", "properties"})
    if not any(k in v for k in ("startLine", "charOffset", "byteOffset")):
        problem(path, "needs one of 'startLine', 'charOffset', 'byteOffset'")
    for k in ("startLine", "startColumn", "endLine", "endColumn"):
        if k in v:
            check_int_min(path + "." + k, v[k], 1)
    for k in ("charOffset", "byteOffset"):
        if k in v:
            check_int_min(path + "." + k, v[k], -1)
    for k in ("charLength", "byteLength"):
        if k in v:
            check_int_min(path + "." + k, v[k], 0)
    if "message" in v:
        check_message(path + ".message", v["message"])
    if is_int(v.get("startLine")) and is_int(v.get("endLine")) and v["endLine"] < v["startLine"]:
        problem(path, "endLine is before startLine")


def check_physical_location(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"address", "artifactLocation", "region", "contextRegion",
                           "properties"})
    if "address" not in v and "artifactLocation" not in v:
        problem(path, "needs 'artifactLocation' or 'address'")
    if "artifactLocation" in v:
        check_artifact_location(path + ".artifactLocation", v["artifactLocation"])
    for k in ("region", "contextRegion"):
        if k in v:
            check_region(path + "." + k, v[k])


def check_location(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"id", "physicalLocation", "logicalLocations", "message",
                           "annotations", "relationships", "properties"})
    check_members(path, v, [("id", lambda p, x: check_int_min(p, x, -1)),
                            ("physicalLocation", check_physical_location),
                            ("message", check_message),
                            ("properties", check_property_bag)])


def check_reporting_configuration(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"enabled", "level", "rank", "parameters", "properties"})
    if "enabled" in v:
        check_type(path + ".enabled", v["enabled"], "boolean")
    if "level" in v and v["level"] not in LEVELS:
        problem(path + ".level", "must be one of %s, not %r" % (sorted(LEVELS), v["level"]))
    if "rank" in v and check_type(path + ".rank", v["rank"], "number"):
        if not -1 <= v["rank"] <= 100:
            problem(path + ".rank", "must be in [-1, 100]")


def check_rule(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"id", "deprecatedIds", "guid", "deprecatedGuids", "name",
                           "deprecatedNames", "shortDescription", "fullDescription",
                           "messageStrings", "defaultConfiguration", "helpUri", "help",
                           "relationships", "properties"})
    check_required(path, v, "id", check_string)
    check_members(path, v, [("name", check_string),
                            ("shortDescription", check_mfms),
                            ("fullDescription", check_mfms),
                            ("help", check_mfms),
                            ("helpUri", lambda p, x: check_uri(p, x, absolute=True)),
                            ("defaultConfiguration", check_reporting_configuration),
                            ("properties", check_property_bag)])


def check_driver(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"guid", "name", "organization", "product", "productSuite",
                           "shortDescription", "fullDescription", "fullName", "version",
                           "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc",
                           "downloadUri", "informationUri", "globalMessageStrings",
                           "notifications", "rules", "taxa", "locations", "language",
                           "contents", "isComprehensive", "localizedDataSemanticVersion",
                           "minimumRequiredLocalizedDataSemanticVersion",
                           "associatedComponent", "translationMetadata",
                           "supportedTaxonomies", "properties"})
    check_required(path, v, "name", check_string)
    for k in ("version", "semanticVersion", "organization", "product", "fullName"):
        if k in v:
            check_type(path + "." + k, v[k], "string")
    for k in ("informationUri", "downloadUri"):
        if k in v:
            check_uri(path + "." + k, v[k], absolute=True)
    if "rules" in v and check_type(path + ".rules", v["rules"], "array"):
        for i, r in enumerate(v["rules"]):
            check_rule("%s.rules[%d]" % (path, i), r)
        check_unique(path + ".rules", v["rules"])
        ids = [r.get("id") for r in v["rules"] if isinstance(r, dict)]
        dup = sorted({i for i in ids if isinstance(i, str) and ids.count(i) > 1})
        if dup:
            problem(path + ".rules", "duplicate rule ids: %s" % ", ".join(dup))


def check_result(path, v, rules, github):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"ruleId", "ruleIndex", "rule", "kind", "level", "message",
                           "analysisTarget", "locations", "guid", "correlationGuid",
                           "occurrenceCount", "partialFingerprints", "fingerprints",
                           "stacks", "codeFlows", "graphs", "graphTraversals",
                           "relatedLocations", "suppressions", "baselineState", "rank",
                           "attachments", "hostedViewerUri", "workItemUris", "provenance",
                           "fixes", "taxa", "webRequest", "webResponse", "properties"})
    if "message" not in v:
        problem(path, "missing required property 'message'")
    else:
        check_message(path + ".message", v["message"])
        if github and not (isinstance(v["message"], dict) and v["message"].get("text")):
            problem(path + ".message", "GitHub needs a non-empty 'text'")
    if "ruleId" in v:
        check_type(path + ".ruleId", v["ruleId"], "string")
    if "ruleIndex" in v:
        check_int_min(path + ".ruleIndex", v["ruleIndex"], -1)
        idx = v["ruleIndex"]
        if is_int(idx) and idx >= 0:
            if idx >= len(rules):
                problem(path + ".ruleIndex", "%d is past the %d rules of the driver"
                        % (idx, len(rules)))
            elif "ruleId" in v and isinstance(rules[idx], dict) and rules[idx].get("id") != v["ruleId"]:
                problem(path, "ruleIndex %d names rule '%s', not ruleId '%s'"
                        % (idx, rules[idx].get("id"), v["ruleId"]))
    if "level" in v and v["level"] not in LEVELS:
        problem(path + ".level", "must be one of %s, not %r" % (sorted(LEVELS), v["level"]))
    if "kind" in v and v["kind"] not in KINDS:
        problem(path + ".kind", "must be one of %s, not %r" % (sorted(KINDS), v["kind"]))
    for k in ("locations", "relatedLocations"):
        if k in v and check_type(path + "." + k, v[k], "array"):
            for i, loc in enumerate(v[k]):
                check_location("%s.%s[%d]" % (path, k, i), loc)
            if k == "relatedLocations":
                check_unique(path + "." + k, v[k])
    for k in ("partialFingerprints", "fingerprints"):
        if k in v and check_type(path + "." + k, v[k], "object"):
            for fk, fv in v[k].items():
                check_type("%s.%s.%s" % (path, k, fk), fv, "string")
    if "occurrenceCount" in v:
        check_int_min(path + ".occurrenceCount", v["occurrenceCount"], 1)
    if "properties" in v:
        check_property_bag(path + ".properties", v["properties"])
    if github:
        locs = v.get("locations")
        if not isinstance(locs, list) or not locs:
            problem(path, "GitHub needs at least one location")
        else:
            if len(locs) > 1000:
                problem(path + ".locations", "GitHub accepts at most 1000 locations")
            first = locs[0] if isinstance(locs[0], dict) else {}
            phys = first.get("physicalLocation")
            if not isinstance(phys, dict):
                problem(path + ".locations[0]", "GitHub needs a physicalLocation")
            else:
                art = phys.get("artifactLocation")
                if not isinstance(art, dict) or not art.get("uri"):
                    problem(path + ".locations[0].physicalLocation",
                            "GitHub needs artifactLocation.uri")
                reg = phys.get("region")
                if not isinstance(reg, dict) or "startLine" not in reg:
                    problem(path + ".locations[0].physicalLocation",
                            "GitHub needs region.startLine")
        if isinstance(v.get("relatedLocations"), list) and len(v["relatedLocations"]) > 1000:
            problem(path + ".relatedLocations", "GitHub accepts at most 1000 related locations")
        if "ruleId" not in v and not (isinstance(v.get("rule"), dict) and "id" in v["rule"]):
            problem(path, "GitHub needs 'ruleId' (or rule.id) to group alerts")


def check_notification(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"locations", "message", "level", "threadId", "timeUtc",
                           "exception", "descriptor", "associatedRule", "properties"})
    check_required(path, v, "message", check_message)
    if "level" in v and v["level"] not in ("none", "note", "warning", "error"):
        problem(path + ".level", "must be one of none, note, warning, error")
    if "locations" in v and check_type(path + ".locations", v["locations"], "array"):
        for i, loc in enumerate(v["locations"]):
            check_location("%s.locations[%d]" % (path, i), loc)
    for key in ("descriptor", "associatedRule"):
        if key in v and check_type(path + "." + key, v[key], "object"):
            check_closed(path + "." + key, v[key],
                         {"id", "index", "guid", "toolComponent", "properties"})
    if "properties" in v:
        check_property_bag(path + ".properties", v["properties"])


def check_invocation(path, v):
    if not check_type(path, v, "object"):
        return
    check_closed(path, v, {"commandLine", "arguments", "responseFiles", "startTimeUtc",
                           "endTimeUtc", "exitCode", "ruleConfigurationOverrides",
                           "notificationConfigurationOverrides",
                           "toolExecutionNotifications", "toolConfigurationNotifications",
                           "exitCodeDescription", "exitSignalName", "exitSignalNumber",
                           "processStartFailureMessage", "executionSuccessful", "machine",
                           "account", "processId", "executableLocation", "workingDirectory",
                           "environmentVariables", "stdin", "stdout", "stderr",
                           "stdoutStderr", "properties"})
    check_required(path, v, "executionSuccessful",
                   lambda p, x: check_type(p, x, "boolean"))
    for key in ("toolExecutionNotifications", "toolConfigurationNotifications"):
        if key in v and check_type(path + "." + key, v[key], "array"):
            for i, n in enumerate(v[key]):
                check_notification("%s.%s[%d]" % (path, key, i), n)


def check_run(path, v, github):
    if not check_type(path, v, "object"):
        return 0, 0
    check_closed(path, v, {"tool", "invocations", "conversion", "language",
                           "versionControlProvenance", "originalUriBaseIds", "artifacts",
                           "logicalLocations", "graphs", "results", "automationDetails",
                           "runAggregates", "baselineGuid", "redactionTokens",
                           "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
                           "columnKind", "externalPropertyFileReferences",
                           "threadFlowLocations", "taxonomies", "addresses", "translations",
                           "policies", "webRequests", "webResponses", "specialLocations",
                           "properties"})
    rules = []
    if "tool" not in v:
        problem(path, "missing required property 'tool'")
    elif check_type(path + ".tool", v["tool"], "object"):
        tool = v["tool"]
        check_closed(path + ".tool", tool, {"driver", "extensions", "properties"})
        if "driver" not in tool:
            problem(path + ".tool", "missing required property 'driver'")
        else:
            check_driver(path + ".tool.driver", tool["driver"])
            if isinstance(tool["driver"], dict) and isinstance(tool["driver"].get("rules"), list):
                rules = tool["driver"]["rules"]
    if "columnKind" in v and v["columnKind"] not in ("utf16CodeUnits", "unicodeCodePoints"):
        problem(path + ".columnKind", "must be 'utf16CodeUnits' or 'unicodeCodePoints'")
    if "originalUriBaseIds" in v and check_type(path + ".originalUriBaseIds",
                                                v["originalUriBaseIds"], "object"):
        for k, loc in v["originalUriBaseIds"].items():
            p = "%s.originalUriBaseIds.%s" % (path, k)
            check_artifact_location(p, loc)
            if isinstance(loc, dict) and isinstance(loc.get("uri"), str) and \
                    "uriBaseId" not in loc and not loc["uri"].endswith("/"):
                problem(p + ".uri", "a base URI must end with '/'")
    if "invocations" in v and check_type(path + ".invocations", v["invocations"], "array"):
        for i, inv in enumerate(v["invocations"]):
            check_invocation("%s.invocations[%d]" % (path, i), inv)
    results = v.get("results")
    if results is None:
        if github:
            problem(path, "GitHub needs 'results' (an empty array when there are none)")
    elif check_type(path + ".results", results, "array"):
        for i, r in enumerate(results):
            check_result("%s.results[%d]" % (path, i), r, rules, github)
        bases = v.get("originalUriBaseIds") if isinstance(v.get("originalUriBaseIds"), dict) else {}
        for i, r in enumerate(results):
            for loc in (r.get("locations") or []) if isinstance(r, dict) else []:
                art = ((loc or {}).get("physicalLocation") or {}).get("artifactLocation") \
                    if isinstance(loc, dict) else None
                if isinstance(art, dict) and art.get("uriBaseId") and \
                        art["uriBaseId"] not in bases and github:
                    problem("%s.results[%d]" % (path, i),
                            "uriBaseId '%s' is not defined in originalUriBaseIds"
                            % art["uriBaseId"])
    if github:
        for i, r in enumerate(rules):
            if not isinstance(r, dict):
                continue
            p = "%s.tool.driver.rules[%d]" % (path, i)
            for k in ("shortDescription", "fullDescription", "help"):
                if not (isinstance(r.get(k), dict) and r[k].get("text")):
                    problem(p, "GitHub needs %s.text" % k)
            tags = (r.get("properties") or {}).get("tags") if isinstance(r.get("properties"), dict) else None
            if isinstance(tags, list) and len(tags) > 20:
                problem(p, "GitHub accepts at most 20 tags per rule")
        if len(rules) > 25000:
            problem(path + ".tool.driver.rules", "GitHub accepts at most 25000 rules per run")
        if isinstance(results, list) and len(results) > 25000:
            problem(path + ".results", "GitHub accepts at most 25000 results per run")
    return len(results) if isinstance(results, list) else 0, len(rules)


def validate(log, github=True):
    if not check_type("$", log, "object"):
        return 0, 0
    check_closed("$", log, {"$schema", "version", "runs", "inlineExternalProperties",
                            "properties"})
    if "version" not in log:
        problem("$", "missing required property 'version'")
    elif log["version"] != "2.1.0":
        problem("$.version", "must be \"2.1.0\", not %r" % (log["version"],))
    if "$schema" in log:
        check_uri("$.$schema", log["$schema"], absolute=True)
        if isinstance(log["$schema"], str) and "2.1.0" not in log["$schema"]:
            problem("$.$schema", "does not name the SARIF 2.1.0 schema")
    elif github:
        problem("$", "GitHub needs '$schema'")
    nres = nrules = 0
    if "runs" not in log:
        problem("$", "missing required property 'runs'")
    elif log["runs"] is not None and check_type("$.runs", log["runs"], "array"):
        if github and len(log["runs"]) > 20:
            problem("$.runs", "GitHub accepts at most 20 runs per file")
        for i, run in enumerate(log["runs"]):
            r, n = check_run("$.runs[%d]" % i, run, github)
            nres += r
            nrules += n
    return nres, nrules


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    unknown = flags - {"--schema-only", "--quiet"}
    if len(args) != 1 or unknown:
        sys.stderr.write("usage: validate_sarif.py FILE [--schema-only] [--quiet]\n")
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            log = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("validate_sarif.py: %s: %s\n" % (args[0], e))
        return 2
    nres, nrules = validate(log, github="--schema-only" not in flags)
    if PROBLEMS:
        for p in PROBLEMS:
            print(p)
        return 1
    if "--quiet" not in flags:
        runs = log.get("runs") or []
        print("ok: %d run(s), %d result(s), %d rule(s)" % (len(runs), nres, nrules))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
