#ifndef CXML_H
#define CXML_H
// Appium / WebDriverAgent page-source XML, read with libxml2's SAX2 push parser as Foundation's XMLParser reads
// it on Linux (the same options, the same chunks, errors counted the same way), but with libxml2 opened on first
// use (dlopen): only a page source needs it, and it brings ICU and liblzma, whose loading every other command
// would pay at start-up. libxml2's own headers stay in xml.c.
#include <stddef.h>
#include <stdint.h>

typedef struct {
    void *context;
    // An element starts: its name's prefix (NULL for none) and local part, its attributes (`count` of them, each
    // a prefix or NULL, a local name, and a value of `value_lengths` bytes, entities already replaced; namespace
    // declarations first, as `xmlns` or `xmlns:prefix`), and the parser's line. Answer nonzero to stop.
    int (*start)(void *context, const char *prefix, const char *local, int count, const char *const *prefixes,
                 const char *const *locals, const char *const *values, const int *value_lengths, int line);
    void (*end)(void *context, const char *prefix, const char *local);
} ps_xml_handler;

typedef struct {
    int result;        // 0 when every chunk was taken (XMLParser's parse() answering true)
    int errors;        // how many errors and warnings libxml2 reported (XMLParser's parserError set)
    int line;          // the parser's line when it stopped
    char message[256]; // why libxml2 could not be opened, when result is -2
} ps_xml_outcome;

// Parses `size` bytes (more than 4). 0 when libxml2 was opened, -2 (and a message) when it was not.
int ps_xml_parse(const uint8_t *data, size_t size, const ps_xml_handler *handler, ps_xml_outcome *outcome);

#endif
