#include "CYAML.h"
#include "CFirstUse.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#define YAML_FUNCTIONS(X) X(yaml_parser_initialize) X(yaml_parser_set_input_string) X(yaml_parser_parse) \
    X(yaml_event_delete) X(yaml_parser_delete)
static struct { YAML_FUNCTIONS(PS_FIRST_USE_POINTER) } y;
static int loaded = 0;
static char load_error[200] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = { YAML_FUNCTIONS(PS_FIRST_USE_NAME) };
    loaded = ps_open_library("libyaml-0.so.2", "libyaml-0-2", names, (void **)&y, (int)(sizeof names / sizeof *names), load_error,
                             sizeof load_error);
}

int ps_yaml_parse(const unsigned char *data, size_t size, const ps_yaml_handler *handler, ps_yaml_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(outcome->message, sizeof outcome->message, "%s", load_error);
        outcome->result = -2;
        return -2;
    }
    yaml_parser_t parser;
    if (!y.yaml_parser_initialize(&parser)) {
        snprintf(outcome->message, sizeof outcome->message, "libyaml could not start (out of memory)");
        outcome->result = -1;
        return -1;
    }
    y.yaml_parser_set_input_string(&parser, data, size);
    for (;;) {
        yaml_event_t e;
        if (!y.yaml_parser_parse(&parser, &e)) {
            snprintf(outcome->message, sizeof outcome->message, "%s%s%s", parser.problem ? parser.problem : "not YAML",
                     parser.context ? " " : "", parser.context ? parser.context : "");
            outcome->line = (int)parser.problem_mark.line + 1;
            outcome->column = (int)parser.problem_mark.column + 1;
            outcome->result = -1;
            break;
        }
        int line = (int)e.start_mark.line + 1, stop = 0, end = e.type == YAML_STREAM_END_EVENT;
        switch (e.type) {
        case YAML_SCALAR_EVENT:
            stop = handler->event(handler->context, PS_YAML_SCALAR, (const char *)e.data.scalar.value, e.data.scalar.length,
                                  (const char *)e.data.scalar.anchor, e.data.scalar.plain_implicit, line);
            break;
        case YAML_ALIAS_EVENT:
            stop = handler->event(handler->context, PS_YAML_ALIAS, NULL, 0, (const char *)e.data.alias.anchor, 0, line);
            break;
        case YAML_SEQUENCE_START_EVENT:
            stop = handler->event(handler->context, PS_YAML_SEQUENCE_START, NULL, 0, (const char *)e.data.sequence_start.anchor, 0, line);
            break;
        case YAML_SEQUENCE_END_EVENT: stop = handler->event(handler->context, PS_YAML_SEQUENCE_END, NULL, 0, NULL, 0, line); break;
        case YAML_MAPPING_START_EVENT:
            stop = handler->event(handler->context, PS_YAML_MAPPING_START, NULL, 0, (const char *)e.data.mapping_start.anchor, 0, line);
            break;
        case YAML_MAPPING_END_EVENT: stop = handler->event(handler->context, PS_YAML_MAPPING_END, NULL, 0, NULL, 0, line); break;
        case YAML_DOCUMENT_START_EVENT: stop = handler->event(handler->context, PS_YAML_DOCUMENT_START, NULL, 0, NULL, 0, line); break;
        case YAML_DOCUMENT_END_EVENT: stop = handler->event(handler->context, PS_YAML_DOCUMENT_END, NULL, 0, NULL, 0, line); break;
        default: break;
        }
        y.yaml_event_delete(&e);
        if (stop || end) break;
    }
    y.yaml_parser_delete(&parser);
    return outcome->result;
}
