#ifndef CYAML_H
#define CYAML_H
// YAML (XcodeGen's project.yml), read with libyaml's event parser, opened on first use (dlopen): only an XcodeGen
// project needs it. libyaml's own headers stay in yaml.c; what crosses to Swift is one call per event.
#include <stddef.h>

enum {
    PS_YAML_SCALAR = 1,          // value (length bytes), anchor, tag; plain is 1 for an unquoted scalar
    PS_YAML_ALIAS = 2,           // anchor: the node it names
    PS_YAML_SEQUENCE_START = 3,  // anchor
    PS_YAML_SEQUENCE_END = 4,
    PS_YAML_MAPPING_START = 5,   // anchor
    PS_YAML_MAPPING_END = 6,
    PS_YAML_DOCUMENT_START = 7,
    PS_YAML_DOCUMENT_END = 8,
};

typedef struct {
    void *context;
    // One event, with the line it starts on (1-based). Answer nonzero to stop.
    int (*event)(void *context, int kind, const char *value, size_t length, const char *anchor, int plain, int line);
} ps_yaml_handler;

typedef struct {
    int result;         // 0: read to the end (or stopped by the handler); -1: not YAML; -2: libyaml not opened
    int line, column;   // where libyaml found the problem (1-based)
    char message[256];  // libyaml's problem, or why it could not be opened
} ps_yaml_outcome;

int ps_yaml_parse(const unsigned char *data, size_t size, const ps_yaml_handler *handler, ps_yaml_outcome *outcome);

#endif
