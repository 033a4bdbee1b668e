// A header with an error of its own.
int broken_size = undeclared_in_header;
