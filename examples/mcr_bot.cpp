// A tiny Chinese Standard Mahjong (MCR) bot to start from, under Botzone's
// JSON protocol (docs/mcr.md, "Bot programs"): one process per request, or
// kept running with `--keep-running` (after each answer it prints
// >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and reads the next request alone, as a
// JSON string on one line).
//
// It discards the tile it draws and passes on everything else. It reads
// the JSON by hand to need no library: request strings hold only letters,
// digits and spaces. A real bot uses a JSON library (Botzone offers
// jsoncpp) and rebuilds its hand from its requests.
//
//     g++ -O2 -o mcr_bot examples/mcr_bot.cpp
//     ./mcr_bot --keep-running

#include <iostream>
#include <string>

// The newest request of an input line: the last string of "requests", or
// the line itself (a JSON string) when kept running.
static std::string newest(const std::string &line) {
    std::string::size_type at = line.find("\"requests\"");
    std::string::size_type end = at == std::string::npos ? line.size() : line.find(']', at);
    std::string::size_type close = line.rfind('"', end);
    std::string::size_type open = line.rfind('"', close - 1);
    return line.substr(open + 1, close - open - 1);
}

// The response to one request: "2 T" is our own draw.
static std::string answer(const std::string &request) {
    if (request.compare(0, 2, "2 ") == 0) return "PLAY " + request.substr(2);
    return "PASS";
}

int main(int argc, char **argv) {
    bool keep_running = argc > 1 && std::string(argv[1]) == "--keep-running";
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::cout << "{\"response\":\"" << answer(newest(line)) << "\"}" << std::endl;
        if (!keep_running) return 0;
        std::cout << ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<" << std::endl;
    }
    return 0;
}
